import { expect, type Page, test } from '@playwright/test';
import { signedInAccount } from './support/accounts.ts';

const PLANS = [
  { id: 'starter', name: 'Starter', monthly: '$12', yearly: '$99', button: 'Choose Starter' },
  { id: 'pro', name: 'Pro', monthly: '$39', yearly: '$349', button: 'Upgrade to Pro' },
  { id: 'enterprise', name: 'Enterprise', monthly: '$89', yearly: '$799', button: 'Contact sales' },
];

async function expectPrices(page: Page, period: 'monthly' | 'yearly') {
  for (const plan of PLANS) {
    const card = page.getByTestId(`plan-${plan.id}`);
    await expect(card.getByTestId('plan-price')).toHaveText(plan[period]);
    await expect(card.getByTestId('plan-period')).toHaveText(period === 'monthly' ? '/month' : '/year');
  }
}

test.describe('pricing page', () => {
  test('has its title and three plan cards with the catalogue content', async ({ page }) => {
    await page.goto('/subscription');
    await expect(page).toHaveTitle('Subscription | Draftsmith');
    await expect(page.locator('meta[name="description"]')).toHaveCount(1);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Starter, Pro/);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(3);
    for (const plan of PLANS) {
      const card = page.getByRole('article', { name: plan.name });
      await expect(card.getByRole('link', { name: plan.button })).toBeVisible();
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(/:$/);
      await expect(card.getByText('Popular', { exact: true })).toHaveCount(plan.id === 'pro' ? 1 : 0);
    }
    await expect(page.getByTestId('plan-starter')).toContainText('100 AI generations a month');
    await expect(page.getByTestId('plan-pro')).toContainText('Unlimited AI generations');
    await expect(page.getByTestId('plan-enterprise')).toContainText('Unlimited access across teams');
  });

  test('the Monthly/Yearly toggle changes every price and suffix', async ({ page }) => {
    await page.goto('/subscription');
    const monthly = page.getByRole('radio', { name: 'Monthly' });
    const yearly = page.getByRole('radio', { name: /Yearly/ });
    await expect(page.getByRole('group', { name: 'Billing period' })).toContainText('Save 20%');
    await expect(monthly).toBeChecked();
    await expectPrices(page, 'monthly');

    await page.locator('label', { hasText: 'Yearly' }).click();
    await expect(yearly).toBeChecked();
    await expectPrices(page, 'yearly');
    await expect(page.getByTestId('plan-pro')).toContainText('$119 less than monthly');

    await page.locator('label', { hasText: 'Monthly' }).click();
    await expectPrices(page, 'monthly');
  });

  test('the toggle works from the keyboard as a radio group', async ({ page }) => {
    await page.goto('/subscription');
    await page.getByRole('radio', { name: 'Monthly' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    await expectPrices(page, 'yearly');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expectPrices(page, 'monthly');
  });

  test('a period picked before the page is interactive is the one priced once it is', async ({ page }) => {
    // Hold the scripts back: the prerendered page is visible and its radios work natively meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/subscription', { waitUntil: 'commit' });
    await page.getByRole('radio', { name: 'Monthly' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    release();
    await expectPrices(page, 'yearly');
    await page.keyboard.press('ArrowLeft');
    await expectPrices(page, 'monthly');
  });

  test('without online payment, a visitor choosing a plan is told so and can sign up free', async ({
    page,
  }) => {
    await page.goto('/subscription');
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(page.getByText('Online payment is not set up on this server')).toBeVisible();
    await expect(page.getByText(/An administrator assigns plans/)).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
    await page.getByRole('button', { name: 'Sign up free' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('without online payment or a sales address, a signed-in user is told who assigns plans', async ({
    page,
  }, testInfo) => {
    await signedInAccount(page, testInfo);
    await page.goto('/subscription');
    // Chosen once the page shows the visitor's plan (see billing.spec.ts's Enterprise test).
    await expect(page.getByTestId('current-plan-free')).toBeVisible();
    await page.getByRole('link', { name: 'Choose Starter' }).click();
    await expect(page.getByText('Online payment is not set up on this server')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign up free' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Contact sales' }).click();
    await expect(page.getByText('Enterprise is arranged with this server’s administrator')).toBeVisible();
    await expect(page).toHaveURL(/\/subscription$/);
  });
});
