import { expect, type Page, test } from '@playwright/test';

const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test.describe('theme', () => {
  test('follows the system scheme until the user picks one', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/subscription');
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/subscription');
    expect(await isDark(page)).toBe(false);
  });

  test('a toggle is saved and applied again on reload, before the app renders', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/subscription');
    expect(await isDark(page)).toBe(false);
    // The page changes colour at once: no colour fades element by element, mixing the two themes (the
    // transitions a switch would start are counted as soon as the styles are computed after the click).
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' });
    const transitions = await toggle.evaluate((button: HTMLElement) => {
      button.click();
      void document.body.offsetHeight;
      return document.getAnimations().filter((a) => a instanceof CSSTransition).length;
    });
    expect(transitions).toBe(0);
    expect(await isDark(page)).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

    // Hold back the app's scripts: the stored theme must already be on <html> before the app starts
    // (the page itself is prerendered HTML, painted without them).
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/*.js', async (route) => {
      await gate;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.getElementById('root') !== null);
    const appStarted = () =>
      page.evaluate(() =>
        Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')),
      );
    expect(await appStarted()).toBe(false);
    expect(await isDark(page)).toBe(true);
    release();
    await expect.poll(appStarted).toBe(true);
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' }),
    ).toBeVisible();

    await page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' }).click();
    await page.reload();
    expect(await isDark(page)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });
});

test.describe('not-found view', () => {
  test('an unknown path shows the not-found view and Go to Home leads home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown service slug is a routing error too', async ({ page }) => {
    await page.goto('/services/not-a-tool');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
