import { expect, test } from '@playwright/test';
import { openService, toolOutput, useUpFreeGenerations } from './support/service-helpers.ts';

/**
 * Plans (issue 12): a free user who has used the month's generations is refused with the plan's
 * numbers and an Upgrade link, and the pricing page marks their plan.
 */
test('a free user at the limit sees the refusal with an Upgrade link, and their plan on /subscription', async ({
  page,
}, testInfo) => {
  await openService(page, testInfo, 'article-generator');
  await useUpFreeGenerations(page);

  await page.getByLabel('Article Topic').fill('One more article');
  await page.getByRole('button', { name: 'Generate Article', exact: true }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Failed to fetch results' });
  await expect(banner).toContainText(
    'You have used all 20 generations of your Free plan this month. Upgrade for more generations.',
  );
  await expect(toolOutput(page)).toBeHidden();
  await expect(page.getByLabel('Article Topic')).toHaveValue('One more article');

  await banner.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('current-plan-free')).toContainText('You are on the Free plan');
  for (const plan of ['starter', 'pro', 'enterprise'])
    await expect(page.getByTestId(`plan-${plan}`)).not.toHaveAttribute('data-current');
});
