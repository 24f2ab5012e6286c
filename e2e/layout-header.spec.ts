import { expect, type Page, test } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';
import { emulateTheme } from './support/theme.ts';

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

/**
 * Moves the mouse to the page's left edge and gives the time, in ms, from leaving until no header
 * dropdown is open. Timed inside the page, so a busy test machine cannot blur the figure.
 */
async function closeDelayAfterLeaving(page: Page): Promise<number> {
  await page.evaluate(() => {
    const probe = window as unknown as { closeDelay: Promise<number> };
    probe.closeDelay = new Promise<number>((resolve) => {
      // Never closing reads as an endless delay, not as a test timeout.
      setTimeout(() => resolve(Number.POSITIVE_INFINITY), 5000);
      let left = 0;
      document.addEventListener('pointermove', (e) => {
        if (!left && e.clientX < 10) left = performance.now();
      });
      new MutationObserver((_records, observer) => {
        if (left && !document.querySelector('header [aria-expanded="true"]')) {
          observer.disconnect();
          resolve(performance.now() - left);
        }
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
  });
  await page.mouse.move(5, 600);
  return page.evaluate(() => (window as unknown as { closeDelay: Promise<number> }).closeDelay);
}

/** The open header dropdown closes 200–300 ms after the mouse leaves it (the timer is 250 ms). */
async function expectClosesAfterLeaving(page: Page) {
  const delay = await closeDelayAfterLeaving(page);
  expect(delay).toBeGreaterThanOrEqual(200);
  // A loaded CI machine can only make the timer fire later, never sooner.
  expect(delay).toBeLessThanOrEqual(1500);
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
    const menu = header(page).getByRole('list', { name: 'Services' });
    await trigger.hover();
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(SERVICES.map((name) => new RegExp(name)));

    // Moving onto the menu keeps it open.
    await menu.getByRole('link', { name: /Email Helper/ }).hover();
    await page.waitForTimeout(400);
    await expect(menu).toBeVisible();

    await expectClosesAfterLeaving(page);
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Services dropdown shows each description whole (screenshots)', async ({ page }, testInfo) => {
    await page.goto('/');
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(page, theme);
      await header(page).getByRole('button', { name: 'Services' }).click();
      const menu = header(page).getByRole('list', { name: 'Services' });
      await expect(menu).toBeVisible();
      const descriptions = menu.locator('a > span:last-child > span:last-child');
      await expect(descriptions).toHaveCount(SERVICES.length);
      // Nothing cut: each description's text fits its box, and its box the menu.
      const cut = await descriptions.evaluateAll((elements) =>
        elements
          .filter((element) => element.scrollHeight > element.clientHeight + 1)
          .map((element) => element.textContent),
      );
      expect(cut).toEqual([]);
      await expect(descriptions.first()).toContainText('step by step.');
      await page.waitForTimeout(300); // the panel's entrance animation
      await page.screenshot({ path: testInfo.outputPath(`services-dropdown-${theme}.png`) });
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
  });

  test('a Services item leads to its route (via sign-in when signed out)', async ({ page }) => {
    await page.goto('/subscription');
    await header(page).getByRole('button', { name: 'Services' }).click();
    await header(page)
      .getByRole('list', { name: 'Services' })
      .getByRole('link', { name: /Doc Summarizer/ })
      .click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('dropdowns work from the keyboard; Escape closes and returns focus to the trigger', async ({
    page,
  }) => {
    await page.goto('/subscription');
    const trigger = header(page).getByRole('button', { name: 'Services' });
    const menu = header(page).getByRole('list', { name: 'Services' });
    const items = menu.getByRole('link');
    await trigger.focus();
    // Disclosure pattern: Enter expands and keeps focus on the button; Tab or ArrowDown enters the list.
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await expect(trigger).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(items.last()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();

    // ArrowDown on the closed button opens the list on its first link.
    await page.keyboard.press('ArrowDown');
    await expect(items.first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/signin$/);
  });

  test('the Contact dropdown opens on click and lists social links in new tabs', async ({ page }) => {
    await page.goto('/subscription');
    const trigger = header(page).getByRole('button', { name: 'Contact' });
    await trigger.click();
    const menu = header(page).getByRole('list', { name: 'Contact' });
    const links = menu.getByRole('link');
    await expect(links).toHaveText([/GitHub/, /LinkedIn/, /X/, /Discord/]);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    // A click outside closes it too (opened from the keyboard, so no pointer-leave timer is involved).
    await page.mouse.move(5, 600);
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.mouse.click(5, 600);
    await expect(menu).toBeHidden();
  });

  test('the avatar menu closes like the other dropdowns: 200–300 ms after the pointer leaves, on Escape, on a click outside', async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, testInfo);
    await page.goto('/subscription');
    const avatar = header(page).getByRole('button', { name: /Account menu/ });
    const signOut = header(page).getByRole('button', { name: 'Sign Out' });

    // Opened by a click (never by hover); moving onto the menu keeps it open.
    await avatar.hover();
    await page.waitForTimeout(400);
    await expect(signOut).toBeHidden();
    await avatar.click();
    await expect(signOut).toBeVisible();
    await signOut.hover();
    await page.waitForTimeout(400);
    await expect(signOut).toBeVisible();

    await expectClosesAfterLeaving(page);
    await expect(signOut).toBeHidden();
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it and gives the focus back to the avatar.
    await avatar.click();
    await expect(signOut).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(signOut).toBeHidden();
    await expect(avatar).toBeFocused();

    // A click outside closes it (opened from the keyboard, so no pointer-leave timer is involved).
    await page.keyboard.press('Enter');
    await expect(signOut).toBeVisible();
    await page.mouse.click(5, 600);
    await expect(signOut).toBeHidden();
    // Still signed in: closing is not signing out.
    await expect(avatar).toBeVisible();
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
