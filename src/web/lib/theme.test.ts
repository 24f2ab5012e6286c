import { describe, expect, it } from 'vitest';
import { parseTheme, resolveTheme, toggledTheme } from './theme.ts';

describe('theme', () => {
  it('prefers the stored choice over the system scheme', () => {
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
  it('falls back to the system scheme when nothing valid is stored', () => {
    expect(resolveTheme(null, true)).toBe('dark');
    expect(resolveTheme(null, false)).toBe('light');
    expect(resolveTheme('purple', true)).toBe('dark');
  });
  it('parses only dark and light', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('')).toBeNull();
  });
  it('toggles', () => {
    expect(toggledTheme('dark')).toBe('light');
    expect(toggledTheme('light')).toBe('dark');
  });
});
