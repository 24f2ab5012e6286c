import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  accessToken,
  E2E_ADMIN_EMAIL,
  SIGNED_IN_MS,
  STRONG_PASSWORD,
  signedInAccount,
  signInThroughForm,
  type TestAccount,
} from './support/accounts.ts';
import { newestOutboxLink } from './support/outbox.ts';
import { openService, toolOutput, useUpFreeGenerations } from './support/service-helpers.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * /admin (issue: the administration page): admins see the accounts and usage, set plans, disable and
 * re-enable accounts; everyone else gets the not-found view. The server's ADMIN_EMAILS names
 * E2E_ADMIN_EMAIL (support/global-setup.ts).
 */

const ADMIN: TestAccount = { username: 'E2E Admin', email: E2E_ADMIN_EMAIL, password: STRONG_PASSWORD };
const DISABLED_MESSAGE =
  'This account has been disabled. Contact the administrator of this Draftsmith server if you think this is a mistake.';
const SHOTS = '/tmp/admin-shots';

// The tests share the one admin account: run them in order in one worker (without skipping the rest
// when one fails), after making sure the account exists.
test.describe.configure({ mode: 'default' });

/** The admin's signed-in browser state, made once: each test opens /admin in a context from it. */
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

test.beforeAll(async ({ playwright, browser }) => {
  const base = process.env.E2E_BASE_URL!;
  const request = await playwright.request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  // A rerun (or a retry) finds the account already there: then it signs in instead.
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { name: ADMIN.username, email: ADMIN.email, password: ADMIN.password },
  });
  if (signUp.status() !== 200) {
    const signIn = await request.post('/api/auth/sign-in/email', {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
  }
  // The admin role needs a verified address: this server has no SMTP, so the link is in its outbox.
  const verified = await request.get(await newestOutboxLink(ADMIN.email));
  expect(verified.status()).toBe(200);
  const jwt = await request.post('/api/jwt', { data: { email: ADMIN.email } });
  expect(jwt.status()).toBe(200);
  const { token } = (await jwt.json()) as { token: string };
  const profile = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { username: ADMIN.username },
  });
  expect([200, 201]).toContain(profile.status());
  await request.post('/api/auth/sign-out', { data: {} });
  await request.dispose();

  // Signed in once through the form; the tests start from that session instead of signing in again.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/signin');
  await signInThroughForm(page, ADMIN);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible({ timeout: SIGNED_IN_MS });
  adminState = await context.storageState();
  await context.close();
});

/** The admin, signed in on a page of their own browser context, on /admin. */
async function openAdmin(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, storageState: adminState });
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  return page;
}

/** Searches /admin for one account; returns its row. */
async function findUser(admin: Page, account: TestAccount) {
  await admin.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill(account.email);
  const rows = admin.getByTestId('admin-user-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(account.email);
  return rows;
}

test('a user who is not an admin gets the not-found view at /admin, and no Administration link', async ({
  page,
}, testInfo) => {
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
  });
  await signedInAccount(page, testInfo);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administration' })).toHaveCount(0);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Administration' })).toHaveCount(0);
  expect(adminCalls).toEqual([]);
  // Still signed in: the page never asked the admin API (whose 403 would sign them out).
  expect(await accessToken(page)).toBeTruthy();
});

test('a free user at the limit cannot send the form; an admin raises the plan on /admin; the user generates again and sees the plan on /subscription', async ({
  page,
  browser,
}, testInfo) => {
  // Two signed-in windows, twenty generations and four page loads: on a 2-core machine running two
  // workers this took 45–51 s in CI (every step passing), so it gets three times the usual time.
  test.slow();
  const user = await openService(page, testInfo, 'article-generator');
  await useUpFreeGenerations(page);
  await page.getByLabel('Article Topic').fill('One more article');
  const generate = page.getByRole('button', { name: 'Generate Article', exact: true });
  // The form says so before a click, and cannot be sent (issue 30; plans.spec.ts has the details).
  const usedUp = page.getByTestId('allowance-used-up');
  await expect(usedUp).toContainText('This month’s generations are used up.');
  await expect(generate).toBeDisabled();

  // The admin reaches /admin through the account menu, finds the user and puts them on Pro.
  const admin = await openAdmin(browser);
  await admin.goto('/');
  await admin.getByRole('button', { name: /Account menu/ }).click();
  await admin.getByRole('link', { name: 'Administration' }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  const row = await findUser(admin, user);
  await expect(row.getByRole('cell', { name: '20 of 20' })).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  const plan = row.getByRole('combobox', { name: `Plan for ${user.username}` });
  await expect(plan).toHaveValue('free');
  await plan.selectOption('pro');
  await expect(admin.getByText(`${user.username} is now on the Pro plan.`)).toBeVisible();
  await expect(row.getByRole('cell', { name: '20 (unlimited)' })).toBeVisible();
  await expect(plan).toHaveValue('pro');
  // The page reads the same after a reload: the server kept it.
  await admin.reload();
  await expect((await findUser(admin, user)).getByRole('combobox')).toHaveValue('pro');

  // The user's next try goes through once their page reads the new plan (the draft survives the
  // reload), and the sidebar follows it.
  await page.reload();
  await expect(page.getByLabel('Article Topic')).toHaveValue('One more article');
  await expect(usedUp).toBeHidden();
  await generate.click();
  await expect(toolOutput(page)).toContainText('fake model');
  await expect(page.getByText('Unlimited generations')).toBeAttached();

  await page.goto('/subscription');
  await expect(page.getByTestId('plan-pro')).toHaveAttribute('data-current');
  await expect(page.getByTestId('current-plan-free')).toHaveCount(0);
  for (const other of ['starter', 'enterprise'])
    await expect(page.getByTestId(`plan-${other}`)).not.toHaveAttribute('data-current');
  await admin.context().close();
});

test("an admin disables an account: the user's open page is signed out, sign-in is refused until the admin enables it again", async ({
  page,
  browser,
}, testInfo) => {
  const user = await openService(page, testInfo, 'article-generator');
  const admin = await openAdmin(browser);
  const row = await findUser(admin, user);

  // Disable asks first; Cancel leaves the account alone.
  await row.getByRole('button', { name: `Disable ${user.username}` }).click();
  const dialog = admin.getByRole('alertdialog', { name: 'Disable this account?' });
  await expect(dialog).toContainText(user.email);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Active')).toBeVisible();

  await row.getByRole('button', { name: `Disable ${user.username}` }).click();
  mkdirSync(SHOTS, { recursive: true });
  await admin.screenshot({ path: `${SHOTS}/admin-disable-dialog.png` });
  await dialog.getByRole('button', { name: 'Disable account' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(`${user.username}'s account is disabled.`)).toBeVisible();
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Enable ${user.username}` })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/admin-disabled-row.png` });

  // The user's page makes its next call with the token it had: refused, signed out, on /signin.
  await page.getByLabel('Article Topic').fill('After being disabled');
  await page.getByRole('button', { name: 'Generate Article', exact: true }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInThroughForm(page, user);
  await expect(page.getByRole('alert').filter({ hasText: 'disabled' })).toHaveText(DISABLED_MESSAGE);
  await expect(page).toHaveURL(/\/signin$/);

  await row.getByRole('button', { name: `Enable ${user.username}` }).click();
  await expect(admin.getByText(`${user.username}'s account is enabled again.`)).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await admin.context().close();
});

test("the admin's own row has no Disable button, and a search without matches says so", async ({
  browser,
}) => {
  const admin = await openAdmin(browser);
  const own = await findUser(admin, ADMIN);
  await expect(own.getByText('Admin', { exact: true })).toBeVisible();
  await expect(own.getByRole('button', { name: /Disable/ })).toHaveCount(0);

  await admin.getByRole('searchbox').fill('no-such-user-anywhere');
  await expect(admin.getByText('No users match “no-such-user-anywhere”.')).toBeVisible();
  await admin.getByRole('button', { name: 'Clear the search' }).click();
  await expect(admin.getByTestId('admin-user-row').first()).toBeVisible();
  await admin.context().close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`/admin fits a desktop and passes axe, its chart in the tools' colours (${theme}, screenshot)`, async ({
    browser,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    const admin = await openAdmin(browser);
    await emulateTheme(admin, theme);
    await admin.reload();
    await expect(admin.getByTestId('usage-chart')).toBeVisible();
    await expect(admin.getByTestId('admin-user-row').first()).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    // At desktop width the whole table fits: nothing to scroll sideways.
    const table = admin.getByRole('table', { name: 'Users' });
    expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
    // Each tool's key swatch has its own colour from the catalogue (its Tailwind class made it into the CSS).
    const swatches = admin.getByRole('list', { name: 'Tools' }).locator('li > span[aria-hidden]');
    const colours = await swatches.evaluateAll((elements) =>
      elements.map((element) => getComputedStyle(element).backgroundColor),
    );
    expect(colours).toHaveLength(6);
    expect(new Set(colours).size).toBe(6);
    expect(colours).not.toContain('rgba(0, 0, 0, 0)');
    const results = await new AxeBuilder({ page: admin }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    // The chart's tooltip on the busiest part of the range (the last days).
    const chart = admin.getByTestId('usage-chart');
    const box = (await chart.boundingBox())!;
    await admin.mouse.move(box.x + box.width - 4, box.y + box.height - 4);
    await admin.screenshot({ path: `${SHOTS}/admin-desktop-${theme}.png`, fullPage: true });
    await admin.context().close();
  });
}

test('/admin on a phone: only the table scrolls sideways, and the mobile menu links to it (screenshots)', async ({
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const phone = await openAdmin(browser, { width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(phone, theme);
    await phone.reload();
    await expect(phone.getByTestId('admin-user-row').first()).toBeVisible();
    // Only the table scrolls sideways, not the page.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // A shadow on the side with more columns says so: at the end first, at the start once scrolled there.
    const scroller = phone.getByRole('region', { name: 'Users table' });
    const frame = scroller.locator('..');
    await expect(frame).toHaveAttribute('data-hidden-end', 'true');
    await expect(frame).not.toHaveAttribute('data-hidden-start', /.*/);
    await phone.screenshot({ path: `${SHOTS}/admin-mobile-${theme}.png`, fullPage: true });
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect(frame).toHaveAttribute('data-hidden-start', 'true');
    await expect(frame).not.toHaveAttribute('data-hidden-end', /.*/);
    await phone.screenshot({ path: `${SHOTS}/admin-mobile-${theme}-scrolled.png`, fullPage: true });
    await scroller.evaluate((element) => element.scrollTo({ left: 0 }));
  }
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Open menu' }).click();
  await phone.getByRole('dialog').getByRole('link', { name: 'Administration' }).click();
  await expect(phone).toHaveURL(/\/admin$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await phone.context().close();
});
