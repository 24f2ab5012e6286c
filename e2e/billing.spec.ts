import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { type FakeStripeServer, fakeStripeEnv, startFakeStripe } from '#tests/fakes/stripe-server';
import { freePort } from '#tests/helpers/free-port';
import { createAccount, newAccount, signInThroughForm } from './support/accounts.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';

/** Saved with the test's results; E2E_SHOTS_DIR copies it there too. */
async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage: true });
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, join(dir, name));
  }
}

/**
 * Online payment on a server of its own with Stripe configured against the local fake (its hosted
 * Checkout and portal pages send the webhook events back): a visitor choosing a plan signs up, pays,
 * comes back to the plan activated, and cancels it from 'Manage subscription'.
 */
test.describe('paying for a plan with Stripe', () => {
  let stripe: FakeStripeServer;
  let server: AppServer;
  let dataDir: string;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    stripe = await startFakeStripe();
    const port = String(await freePort());
    base = `http://127.0.0.1:${port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-e2e-billing-'));
    server = await startAppServer({
      port,
      dataDir,
      env: {
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        AUTH_RATE_LIMIT_PER_IP: '0',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '0',
        // Never called here: a remote provider keeps the local model from being fetched.
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: 'http://127.0.0.1:9/v1',
        AI_MODEL: 'unused',
        SALES_EMAIL: 'sales@example.test',
        ...fakeStripeEnv(stripe.url),
      },
    });
    stripe.setWebhookUrl(`${base}/api/billing/webhook`);
  });
  test.afterAll(async () => {
    await server?.stop();
    await stripe?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a visitor signs up, pays on Checkout, gets the plan, and cancels it in the portal', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto(`${base}/subscription`);
    await page.locator('label', { hasText: 'Yearly' }).click();
    await page.getByRole('link', { name: 'Choose Starter' }).click();

    // Sign up first; the page then comes back to the chosen plan and opens Checkout.
    await expect(page).toHaveURL(`${base}/signup`);
    const account = newAccount(testInfo);
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel(/I agree to the Terms of Service/).check();
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expect(page).toHaveURL(`${base}/signin`);
    await signInThroughForm(page, account);

    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
    await expect(page.getByTestId('price')).toHaveText('price_starter_yearly');
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(`${base}/subscription`);
    await expect(page.getByText('Thank you for subscribing')).toBeVisible();
    const starter = page.getByTestId('plan-starter');
    await expect(starter.getByText('Current plan', { exact: true })).toBeVisible();
    const managed = page.getByTestId('managed-subscription');
    await expect(managed).toContainText(/Your Starter plan renews on/);
    await shot(page, testInfo, 'billing-subscribed.png');

    // Another plan is chosen in the portal, not through a second Checkout.
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/portal/bps_`));
    await page.goBack();
    await managed.getByRole('button', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/portal/bps_`));
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(page).toHaveURL(`${base}/subscription`);
    await expect(page.getByTestId('managed-subscription')).toContainText(/Your Starter plan ends on/);

    // The service page's user block says Premium.
    await page.goto(`${base}/services/article-generator`);
    await expect(page.getByText('Premium', { exact: true })).toBeVisible();
  });

  test('leaving Checkout without paying changes nothing', async ({ page }, testInfo) => {
    const account = newAccount(testInfo);
    await createAccount(page.request, account, base);
    await page.goto(`${base}/signin`);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`${base}/`);
    await page.goto(`${base}/subscription`);
    await expect(page.getByTestId('current-plan-free')).toBeVisible();
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/`));
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(`${base}/subscription`);
    await expect(page.getByText('Checkout cancelled')).toBeVisible();
    await expect(page.getByTestId('current-plan-free')).toBeVisible();
    await expect(page.getByTestId('managed-subscription')).toHaveCount(0);
  });
});
