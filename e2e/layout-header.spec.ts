import { expect, type Page, test } from '@playwright/test';

const SERVICES = [
  'Code Explainer',
  'Doc Summarizer',
  'Code Refactor',
  'Article Generator',
  'Email Helper',
  'Resume Assistant',
];

function header(page: Page) {
  return page.getByRole('banner');
}

test.describe('header and footer', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('navigation links and the external Blogs link', async ({ page }) => {
    await page.goto('/subscription');
    await header(page).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(/^Home \| Draftsmith$/);
    await header(page).getByRole('link', { name: 'Subscription' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    const blogs = header(page).getByRole('link', { name: /Blogs/ });
    await expect(blogs).toHaveAttribute('target', '_blank');
    await expect(blogs).toHaveAttribute('rel', 'noopener noreferrer');
    await header(page).getByRole('link', { name: 'Draftsmith' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
  });

  test('the Services dropdown opens on hover and closes 200–300 ms after the pointer leaves', async ({
    page,
  }) => {
    await page.goto('/subscription');
    const trigger = header(page).getByRole('button', { name: 'Services' });
    const menu = page.getByRole('menu');
    await trigger.hover();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).toHaveText(SERVICES.map((name) => new RegExp(name)));

    // Moving onto the menu keeps it open.
    await menu.getByRole('menuitem', { name: /Email Helper/ }).hover();
    await page.waitForTimeout(400);
    await expect(menu).toBeVisible();

    // Timed inside the page, so a busy test machine cannot blur the figure.
    await page.evaluate(() => {
      const probe = window as unknown as { closeDelay: Promise<number> };
      probe.closeDelay = new Promise<number>((resolve) => {
        let left = 0;
        document.addEventListener('pointermove', (e) => {
          if (!left && e.clientX < 10) left = performance.now();
        });
        new MutationObserver((_records, observer) => {
          if (left && !document.querySelector('[role="menu"]')) {
            observer.disconnect();
            resolve(performance.now() - left);
          }
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    await page.mouse.move(5, 600);
    const delay = await page.evaluate(
      () => (window as unknown as { closeDelay: Promise<number> }).closeDelay,
    );
    expect(delay).toBeGreaterThanOrEqual(200);
    // The timer is 250 ms; a loaded CI machine can only make it fire later, never sooner.
    expect(delay).toBeLessThanOrEqual(1500);
    await expect(menu).toBeHidden();
  });

  test('a Services item leads to its route (via sign-in when signed out)', async ({ page }) => {
    await page.goto('/subscription');
    await header(page).getByRole('button', { name: 'Services' }).click();
    await page.getByRole('menuitem', { name: /Doc Summarizer/ }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('dropdowns work from the keyboard; Escape closes and returns focus to the trigger', async ({
    page,
  }) => {
    await page.goto('/subscription');
    const trigger = header(page).getByRole('button', { name: 'Services' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const items = page.getByRole('menuitem');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('the Contact dropdown opens on click and lists social links in new tabs', async ({ page }) => {
    await page.goto('/subscription');
    const trigger = header(page).getByRole('button', { name: 'Contact' });
    await trigger.click();
    const links = page.getByRole('menuitem');
    await expect(links).toHaveText([/GitHub/, /LinkedIn/, /X/, /Discord/]);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the footer has the services, the current year and social links in new tabs', async ({ page }) => {
    await page.goto('/subscription');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(`© ${new Date().getFullYear()} Draftsmith`)).toBeVisible();
    for (const name of SERVICES) {
      await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', /^\/services\//);
    }
    const social = footer.getByRole('list', { name: 'Social links' }).getByRole('link');
    await expect(social).toHaveCount(4);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
