import { expect, test } from '@playwright/test';
import { type FakeStripeServer, fakeStripeEnv, startFakeStripe } from '#tests/fakes/stripe-server';
import { createAccount, newAccount, signInThroughForm, signUpThroughForm } from './support/accounts.ts';
import { type OwnServer, startOwnServer, UNUSED_AI_ENV } from './support/app-server.ts';
import { shot } from './support/shots.ts';

/**
 * Online payment on a server of its own with Stripe configured against the local fake (its hosted
 * Checkout and portal pages send the webhook events back): a visitor choosing a plan signs up, pays,
 * comes back to the plan activated, and cancels it from 'Manage subscription'.
 */
test.describe('paying for a plan with Stripe', () => {
  let stripe: FakeStripeServer;
  let server: OwnServer;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    stripe = await startFakeStripe();
    server = await startOwnServer({
      name: 'billing',
      env: { ...UNUSED_AI_ENV, SALES_EMAIL: 'sales@example.test', ...fakeStripeEnv(stripe.url) },
    });
    base = server.base;
    stripe.setWebhookUrl(`${base}/api/billing/webhook`);
  });
  test.afterAll(async () => {
    await server?.stop();
    await stripe?.close();
  });

  test('a visitor signs up, pays on Checkout, gets the plan, and cancels it in the portal', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto(`${base}/subscription`);
    // With Stripe set up (and only then) the page says who handles payments.
    await expect(page.getByText(/Payments are handled by Stripe; cancel any time/)).toBeVisible();
    await page.locator('label', { hasText: 'Yearly' }).click();
    await page.getByRole('link', { name: 'Choose Starter' }).click();

    // Sign up first; the page then comes back to the chosen plan and opens Checkout.
    await expect(page).toHaveURL(`${base}/signup`);
    const account = newAccount(testInfo);
    await signUpThroughForm(page, account);
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
    await shot(page, testInfo, 'billing-subscribed.png', { fullPage: true });

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

  test('Enterprise per seat: an owner subscribes a team, which gets the plan and its seats', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    const account = newAccount(testInfo);
    await createAccount(page.request, account, base);
    await page.goto(`${base}/signin`);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`${base}/`);

    // Enterprise is sold to teams: the pricing page leads to the team page.
    await page.goto(`${base}/subscription`);
    // Chosen once the page shows the visitor's plan (a click in the moment before was seen lost in CI,
    // with neither navigation nor notice: an open question, noted in the testing doc).
    await expect(page.getByTestId('current-plan-free')).toBeVisible();
    await page.getByRole('link', { name: 'Contact sales' }).click();
    await expect(page).toHaveURL(`${base}/team?plan=enterprise&period=monthly`);
    // The team page in the personal workspace offers to create one.
    await page.getByRole('main').getByRole('button', { name: 'Create a team' }).click();
    const create = page.getByRole('dialog', { name: 'Create a team' });
    await create.getByLabel('Team name').fill('Paying Team');
    await create.getByRole('button', { name: 'Create team' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Paying Team' })).toBeVisible();

    const plan = page.getByRole('region', { name: 'Plan' });
    await expect(plan).toContainText('No team plan');
    await expect(plan.getByLabel('Plan')).toHaveValue('enterprise');
    await plan.getByLabel('Billing').selectOption('yearly');
    await plan.getByLabel('Seats').fill('3');
    await shot(page, testInfo, 'team-plan-subscribe.png', { fullPage: true });
    await plan.getByRole('button', { name: 'Subscribe the team' }).click();

    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_test_`));
    await expect(page.getByTestId('price')).toHaveText('price_enterprise_yearly');
    await page.getByRole('button', { name: 'Pay' }).click();

    await expect(page).toHaveURL(`${base}/team`);
    await expect(page.getByText('Thank you for subscribing')).toBeVisible();
    await expect(plan).toContainText('Enterprise plan, 3 seats');
    await expect(page.getByRole('region', { name: 'Usage', exact: true })).toContainText('Enterprise');
    await shot(page, testInfo, 'team-plan-subscribed.png', { fullPage: true });

    // The team's own subscription settings.
    await plan.getByRole('button', { name: 'Manage subscription' }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/portal/bps_`));
  });
});
