import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openService, toolOutput, useUpFreeGenerations } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * Plans (issues 12 and 30): a free user who has used the month's generations is told so by the form
 * before a click, with the day they renew, and the form cannot be sent; more come from the pricing page
 * only on a server that sells plans online, otherwise from the administrator. A refusal that still
 * arrives (the last generation used in another tab) shows the red banner with the same offer.
 */

/** The day the month's count starts again (the first of next month, UTC), as the page writes it. */
const renewal = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const periodEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    return new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(periodEnd);
  });

/** The server's settings as the page reads them, with billing changed (what another server would say). */
async function withBilling(page: Page, billing: { enabled?: boolean; salesEmail?: string | null }) {
  await page.unroute('**/api/config');
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { billing: Record<string, unknown> };
    await route.fulfill({ response, json: { ...config, billing: { ...config.billing, ...billing } } });
  });
  await page.reload();
}

test('a free user at the limit: the form says so with the renewal day and cannot be sent; Upgrade only when plans are sold', async ({
  page,
}, testInfo) => {
  await openService(page, testInfo, 'article-generator');
  await useUpFreeGenerations(page);
  const renews = await renewal(page);

  const notice = page.getByTestId('allowance-used-up');
  await expect(notice).toContainText('This month’s generations are used up.');
  await expect(notice).toContainText(`Your allowance of 20 generations renews on ${renews}.`);
  await expect(page.getByTestId('sidebar-renewal')).toHaveText(`Renews on ${renews}`);
  const generate = page.getByRole('button', { name: 'Generate Article', exact: true });
  const topic = page.getByLabel('Article Topic');
  await topic.fill('One more article');
  await expect(generate).toBeDisabled();
  await expect(generate).toHaveAccessibleDescription(/This month’s generations are used up\./);
  await topic.press('Enter');
  await expect(toolOutput(page)).toBeHidden();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // This server sells nothing online: no way to the pricing page, ask the administrator.
  await expect(notice).toContainText('For more, ask your administrator.');
  await expect(notice.getByRole('link')).toHaveCount(0);
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Below 1024 px the sidebar slides away: the shot waits until it is gone.
      if (width < 1024) await expect(page.locator('#service-sidebar')).not.toBeInViewport();
      await shot(page, testInfo, `allowance-used-up-${width}-${theme}.png`);
    }
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await emulateTheme(page, 'light');

  // With a sales address, it is named (the draft is still there after the reload).
  await withBilling(page, { salesEmail: 'sales@example.test' });
  await expect(topic).toHaveValue('One more article');
  await expect(notice.getByRole('link', { name: 'sales@example.test' })).toHaveAttribute(
    'href',
    'mailto:sales@example.test',
  );
  await expect(notice.getByRole('link', { name: 'Upgrade' })).toHaveCount(0);

  // A server that sells plans: Upgrade leads to the pricing page, which marks the plan.
  await withBilling(page, { enabled: true });
  await expect(generate).toBeDisabled();
  await notice.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan-free')).toContainText('You are on the Free plan');
  for (const plan of ['starter', 'pro', 'enterprise'])
    await expect(page.getByTestId(`plan-${plan}`)).not.toHaveAttribute('data-current');
});

test('a refusal from the server (the last generation used in another tab) shows the red banner with the same offer', async ({
  page,
}, testInfo) => {
  await openService(page, testInfo, 'article-generator');
  const generate = page.getByRole('button', { name: 'Generate Article', exact: true });
  await page.getByLabel('Article Topic').fill('One more article');
  await expect(generate).toBeEnabled();

  const other = await page.context().newPage();
  await other.goto('/services/article-generator');
  await useUpFreeGenerations(other);
  await other.close();

  await generate.click();
  const banner = page.getByRole('alert').filter({ hasText: 'Failed to fetch results' });
  await expect(banner).toContainText(
    'You have used all 20 generations of your Free plan this month. Upgrade for more generations.',
  );
  await expect(banner).toContainText('For more, ask your administrator.');
  await expect(banner.getByRole('link')).toHaveCount(0);
  await expect(toolOutput(page)).toBeHidden();
  await expect(page.getByLabel('Article Topic')).toHaveValue('One more article');
  // The page reads the usage again: the form now says it before the next click.
  await expect(page.getByTestId('allowance-used-up')).toBeVisible();
  await expect(generate).toBeDisabled();
});
