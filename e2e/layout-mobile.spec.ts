import { expect, type Page, test } from '@playwright/test';
import { emulateTheme } from './support/theme.ts';

async function hasNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test.describe('small screens', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the mobile menu holds the navigation, the theme toggle and Sign In', async ({ page }) => {
    await emulateTheme(page, 'light');
    await page.goto('/');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Services' })).toBeHidden();
    await expect(banner.getByRole('button', { name: /Switch to/ })).toBeHidden();

    await banner.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const name of ['Home', 'Subscription', 'Code Explainer', 'Resume Assistant', 'Sign In']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    const blogs = menu.getByRole('link', { name: /Blogs/ });
    await expect(blogs).toHaveAttribute('target', '_blank');
    await expect(blogs).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(menu.getByRole('link', { name: /GitHub/ })).toHaveAttribute('rel', 'noopener noreferrer');

    await menu.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await expect(menu.getByRole('button', { name: 'Light mode' })).toBeVisible();

    await menu.getByRole('link', { name: 'Subscription', exact: true }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(menu).toBeHidden();

    await banner.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(banner.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  for (const path of ['/', '/subscription', '/signin', '/signup', '/no-such-page']) {
    test(`no horizontal scrolling at 360 px on ${path}`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await hasNoHorizontalScroll(page);
    });
  }
});
