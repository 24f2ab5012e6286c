import { Moon, Sun } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { useTheme } from '#web/lib/theme.ts';

interface ThemeToggleProps {
  className?: string;
  /** Show "Dark mode"/"Light mode" next to the icon (used in the mobile menu). */
  withLabel?: boolean;
}

export function ThemeToggle({ className, withLabel }: ThemeToggleProps) {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;
  return (
    <button
      type="button"
      onClick={toggleTheme}
      aria-label={withLabel ? undefined : label}
      title={label}
      data-theme-state={theme}
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-lg transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        withLabel
          ? 'w-full justify-start px-3 font-medium text-foreground text-sm'
          : 'w-10 justify-center text-muted-foreground',
        className,
      )}
    >
      {/* Picked by CSS from <html class="dark">, so prerendered HTML shows the right icon before hydration. */}
      <Sun className="hidden size-5 dark:block" aria-hidden />
      <Moon className="size-5 dark:hidden" aria-hidden />
      {withLabel ? <span>{theme === 'dark' ? 'Light mode' : 'Dark mode'}</span> : null}
    </button>
  );
}
