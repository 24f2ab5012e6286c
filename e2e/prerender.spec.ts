import { expect, test } from '@playwright/test';

const PAGES = [
  { path: '/', heading: 'AI Assistant for Developers & Writers', title: 'Home | Draftsmith' },
  {
    path: '/subscription',
    heading: 'Choose the plan that fits your work',
    title: 'Subscription | Draftsmith',
  },
];

test.describe('prerendered public pages', () => {
  for (const { path, heading, title } of PAGES) {
    test(`${path} arrives as HTML with its head, before any script runs`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Draftsmith`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
      await context.close();
    });

    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${path} hydrates without errors or a second render (${colorScheme})`, async ({ browser }) => {
        const context = await browser.newContext({ colorScheme });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        // Marks the prerendered heading: a client render from scratch (after a hydration mismatch)
        // would replace the element and lose the mark.
        await page.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            document.querySelector('h1')?.setAttribute('data-from-server', '');
          });
        });
        // The page's code arrives after the session check has updated the header: that update must not
        // reach the page's still-dehydrated Suspense boundary (which would throw its HTML away).
        await page.route(/\/assets\/(landing|pricing)-page-[^/]*\.js$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1000));
          await route.continue();
        });
        await page.goto(path);
        // Interactive once hydrated: the header's account area settles on Sign In for a visitor.
        await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
        await expect(page.locator('h1[data-from-server]')).toHaveText(heading);
        const toggle = page.getByRole('banner').getByRole('button', { name: /Switch to (dark|light) theme/ });
        await expect(toggle).toHaveAttribute('data-theme-state', colorScheme);
        await toggle.click();
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /^(?!.*dark)/ : /dark/);
        expect(problems).toEqual([]);
        await context.close();
      });
    }
  }

  test('in-app navigation keeps the title and description in step', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Subscription' }).click();
    await expect(page).toHaveTitle('Subscription | Draftsmith');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /plans and prices/);
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveTitle('Home | Draftsmith');
  });
});
