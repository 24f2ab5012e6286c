import { useSyncExternalStore } from 'react';
import { THEME_KEY } from '#shared/storage-keys';

export type Theme = 'dark' | 'light';

export function parseTheme(value: string | null | undefined): Theme | null {
  return value === 'dark' || value === 'light' ? value : null;
}

/** docs/product.md §4: the stored preference, else the system colour scheme. Mirrors public/theme-init.js. */
export function resolveTheme(stored: string | null | undefined, systemPrefersDark: boolean): Theme {
  return parseTheme(stored) ?? (systemPrefersDark ? 'dark' : 'light');
}

export function toggledTheme(theme: Theme): Theme {
  return theme === 'dark' ? 'light' : 'dark';
}

function readStored(): string | null {
  try {
    return localStorage.getItem(THEME_KEY);
  } catch {
    return null;
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

const listeners = new Set<() => void>();

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  // The page changes colour at once: its colour transitions (buttons, fields) would otherwise fade each
  // element on its own, showing both themes' colours mixed for a moment (styles.css `.theme-switching`).
  root.classList.add('theme-switching');
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  // Every element's style computed now, with the transitions off, so that turning them back on starts none.
  void document.body?.offsetHeight;
  root.classList.remove('theme-switching');
  for (const listener of listeners) listener();
}

/** Saves the choice and applies it at once. */
function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Private mode without storage: the choice still applies to this page.
  }
  applyTheme(theme);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // With no stored preference the page follows the system scheme as it changes.
  const query = darkQuery();
  const onSystemChange = () => {
    if (!parseTheme(readStored())) applyTheme(resolveTheme(null, query.matches));
  };
  query.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', onSystemChange);
  };
}

/** The applied theme (theme-init.js applied it before first paint) and a toggle that saves it. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as Theme);
  return { theme, toggleTheme: () => setTheme(toggledTheme(theme)) };
}
