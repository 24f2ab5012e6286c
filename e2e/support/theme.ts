import { expect, type Page } from '@playwright/test';

/**
 * The system colour scheme switched, and the page following it: its `dark` class is what the theme
 * listener applies (src/web/lib/theme.ts), at once and without colour transitions, so a check (axe's
 * contrast, a screenshot) made after this sees one theme, not the colours in between.
 */
export async function emulateTheme(page: Page, theme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: theme });
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}
