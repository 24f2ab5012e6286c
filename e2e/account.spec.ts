import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, request, test } from '@playwright/test';
import sharp from 'sharp';
import {
  accessToken,
  signedInAccount,
  signInThroughApi,
  signInThroughForm,
  type TestAccount,
} from './support/accounts.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * The account page (/account, from the avatar menu): name and photo, password change, sessions, and
 * linking GitHub through the local OAuth server global setup starts (it signs in the address the link
 * asks for: the account's own).
 */
const SHOTS = '/tmp/account-shots';

async function openAccount(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
}

/** A second session of the same account, from another "device", as a cookie jar of its own. */
async function otherDevice(account: TestAccount) {
  const base = process.env.E2E_BASE_URL ?? '';
  const device = await request.newContext({
    baseURL: base,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  await signInThroughApi(device, account, base);
  const session = async () =>
    (await device.get('/api/auth/get-session', { headers: { origin: base } })).json();
  return { device, session };
}

test.describe('account page', () => {
  test('changes the name and the photo: the header follows at once', async ({ page }, testInfo) => {
    await signedInAccount(page, testInfo);
    await openAccount(page);

    const name = page.getByLabel('Display name', { exact: true });
    await name.fill('');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await name.fill('Ada Account');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Name updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu for Ada Account' })).toBeVisible();

    const photo = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 40, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await page
      .getByLabel('Change photo')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByText('Photo updated')).toBeVisible();
    const avatar = page.getByRole('button', { name: /Account menu/ }).locator('img');
    await expect(avatar).toHaveAttribute('src', /\/api\/uploads\//);
    await expect(page.getByRole('img', { name: 'Ada Account' })).toHaveAttribute('src', /\/api\/uploads\//);

    // Both survive a reload: they were saved, not only shown.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account menu for Ada Account' })).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /\/api\/uploads\//);
  });

  test('changes the password: a wrong current one says so, other sessions end, the new one signs in', async ({
    page,
  }, testInfo) => {
    const account = await signedInAccount(page, testInfo);
    const other = await otherDevice(account);
    await openAccount(page);

    await page.getByLabel('Current password').fill('Not$thePassword1');
    await page.getByLabel('New password').fill('weak');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page
        .getByText('Password must contain at least one uppercase letter')
        .or(page.getByText('Password must be at least 6 characters')),
    ).toBeVisible();
    const newPassword = 'N3w$ecret-pass';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The current password is wrong')).toBeVisible();

    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed. Your other sessions have been signed out.')).toBeVisible();
    expect(await other.session()).toBeNull();
    await other.device.dispose();

    // This browser goes on: its protected calls work with the new session's token.
    const token = await accessToken(page);
    await page.goto('/services/code-explainer');
    await expect(page.getByRole('heading', { level: 1, name: 'Code Explainer' })).toBeVisible();
    await expect.poll(() => accessToken(page)).toBe(token);

    // Signing out of the tool page lands on /signin, which then returns to it.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await signInThroughForm(page, account);
    await expect(page.getByText(/Invalid email or password/i)).toBeVisible();
    await signInThroughForm(page, { ...account, password: newPassword });
    await expect(page).toHaveURL(/\/services\/code-explainer$/);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  });

  test('lists the sessions and signs another one out', async ({ page }, testInfo) => {
    const account = await signedInAccount(page, testInfo);
    const other = await otherDevice(account);
    await openAccount(page);

    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByRole('listitem').first()).toContainText('This device');
    await expect(sessions.getByRole('listitem').first()).toContainText('Chrome');
    await expect(sessions).toContainText('Safari on iOS');

    await sessions.getByRole('button', { name: /Sign out Safari on iOS/ }).click();
    await expect(page.getByText('Signed out Safari on iOS')).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    expect(await other.session()).toBeNull();
    await other.device.dispose();
    // Signing out another session leaves this one signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  });

  test('signs out all other sessions at once', async ({ page }, testInfo) => {
    const account = await signedInAccount(page, testInfo);
    const first = await otherDevice(account);
    const second = await otherDevice(account);
    await openAccount(page);
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out others' }).click();
    await expect(page.getByText('Signed out of all other sessions')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
    expect(await first.session()).toBeNull();
    expect(await second.session()).toBeNull();
    await first.device.dispose();
    await second.device.dispose();
  });

  test('links a GitHub account, then unlinks it while the password remains', async ({ page }, testInfo) => {
    await signedInAccount(page, testInfo);
    await openAccount(page);
    const methods = page.getByRole('list', { name: 'Sign-in methods' });
    await expect(methods).toContainText('E-mail and password');
    await methods.getByRole('button', { name: 'Link GitHub' }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText('GitHub linked')).toBeVisible();
    await expect(methods.getByRole('button', { name: 'Unlink GitHub' })).toBeVisible();
    await expect(methods.getByRole('button', { name: 'Link Google' })).toBeVisible();

    await methods.getByRole('button', { name: 'Unlink GitHub' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click();
    await expect(page.getByText('GitHub unlinked')).toBeVisible();
    await expect(methods.getByRole('button', { name: 'Link GitHub' })).toBeVisible();
  });

  test('is in the mobile menu, and looks right on a phone and a desktop, light and dark', async ({
    browser,
  }, testInfo) => {
    mkdirSync(SHOTS, { recursive: true });
    // Signed in at desktop width (the avatar menu), then seen at both widths.
    const page = await newPage(browser, { width: 1280, height: 900 });
    await signedInAccount(page, testInfo);
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'mobile', width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      if (viewport.name === 'mobile') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('dialog').getByRole('link', { name: 'Account' }).click();
      } else {
        await openAccount(page);
      }
      await expect(page).toHaveURL(/\/account$/);
      for (const theme of ['light', 'dark'] as const) {
        await emulateTheme(page, theme);
        await page.reload();
        await expect(page.getByRole('list', { name: 'Sessions' }).getByRole('listitem')).toHaveCount(1);
        await expect(page.getByRole('list', { name: 'Sign-in methods' })).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await page.screenshot({ path: `${SHOTS}/account-${viewport.name}-${theme}.png`, fullPage: true });
      }
    }
    await page.context().close();
  });
});

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: process.env.E2E_BASE_URL });
  return context.newPage();
}
