import { expect, test } from '@playwright/test';
import { historyList, openService, seedChat } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';

/**
 * Search across chats (issue 16): '/' focuses the box above the history; results are ranked with the
 * words marked; one opens in place, one of another tool opens on that tool's page.
 */
test('search finds an old chat here and in another tool, with the words marked', async ({
  page,
}, testInfo) => {
  await openService(page, testInfo, 'code-explainer');
  await seedChat(page, {
    service: 'code-explainer',
    title: 'Parsing invoices in Python',
    prompt: 'def parse(invoice): ...',
    reply: 'The function reads each **invoice** line and sums the totals.',
  });
  await seedChat(page, {
    service: 'email-helper',
    title: 'Overdue invoice reminder',
    prompt: 'Remind the client about the overdue invoice',
    reply: 'Dear client, the invoice from March is still open.',
  });
  await seedChat(page, {
    service: 'code-explainer',
    title: 'Unrelated',
    prompt: 'x',
    reply: 'Nothing here.',
  });
  await page.reload();
  await expect(historyList(page).getByRole('listitem')).toHaveCount(2);

  // '/' focuses the search; a word typed half way already finds.
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Search chats' });
  await expect(box).toBeFocused();
  await box.fill('invoi');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(results.locator('mark').first()).toHaveText(/invoice/i);
  await shot(page, testInfo, 'chat-search.png');

  // Open it in place.
  await results.getByRole('button', { name: /Parsing invoices in Python/ }).click();
  await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('sums the totals');

  // Every tool: the e-mail's chat opens on the Email Helper's page.
  await page.getByLabel('Search every tool').check();
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await results.getByRole('button', { name: /Overdue invoice reminder/ }).click();
  await expect(page).toHaveURL(/\/services\/email-helper$/);
  await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('the invoice from March');

  // Nothing found says so; clearing shows the history again.
  const emailBox = page.getByRole('searchbox', { name: 'Search chats' });
  await emailBox.fill('zebrafish');
  await expect(page.getByText('No chats match “zebrafish”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(historyList(page).getByRole('listitem')).toHaveCount(1);

  // The shortcuts are listed in the '?' popover.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog')).toContainText('Search your chats');
});
