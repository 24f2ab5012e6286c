import { expect, test } from '@playwright/test';
import { historyList, openService, seedChat } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

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
    // Markdown, as a model writes it: the search shows it as plain text.
    reply:
      '```\n# Invoices\n```\n\nThe function reads each **invoice** line and sums the totals; see ' +
      '[the guide](https://example.com/invoice-guide).\n\n- one *invoice* a line',
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
  await expect(page.getByRole('status').filter({ hasText: /found/ })).toHaveText('1 chat found.');
  await expect(results.locator('mark').first()).toHaveText(/invoice/i);
  // The excerpt is the text a reader sees: no fences, heading or emphasis marks, no link address.
  const excerpt = results.getByRole('listitem').first().locator('span.text-xs');
  await expect(excerpt).toContainText('reads each invoice line');
  const excerptText = (await excerpt.textContent()) ?? '';
  for (const mark of ['```', '#', '**', '](', 'https://', '- one']) expect(excerptText).not.toContain(mark);
  // Marked words stand out in both themes; the results at a desktop's width and a phone's.
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(page, theme);
    const mark = results.locator('mark').first();
    const [background, colour] = await mark.evaluate((element) => [
      getComputedStyle(element).backgroundColor,
      getComputedStyle(element).color,
    ]);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    expect(background).not.toBe(colour);
    await shot(page, testInfo, theme === 'light' ? 'chat-search.png' : `chat-search-${theme}.png`);
  }
  await emulateTheme(page, 'light');

  // Open it in place.
  await results.getByRole('button', { name: /Parsing invoices in Python/ }).click();
  await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('sums the totals');

  // Every tool: the e-mail's chat opens on the Email Helper's page.
  await page.getByLabel('Search every tool').check();
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: /found/ })).toHaveText('2 chats found.');
  await results.getByRole('button', { name: /Overdue invoice reminder/ }).click();
  await expect(page).toHaveURL(/\/services\/email-helper$/);
  await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('the invoice from March');

  // Nothing found says so; clearing shows the history again.
  const emailBox = page.getByRole('searchbox', { name: 'Search chats' });
  await emailBox.fill('zebrafish');
  await expect(page.getByText('No chats match “zebrafish”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(historyList(page).getByRole('listitem')).toHaveCount(1);

  // On a phone, in the sidebar opened over the page.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await page.getByRole('searchbox', { name: 'Search chats' }).fill('invoice');
  await expect(results.getByRole('listitem')).toHaveCount(2); // still in every tool
  await page.waitForTimeout(400); // the sidebar's slide
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(page, theme);
    await shot(page, testInfo, `chat-search-${theme}-390.png`);
  }
  await emulateTheme(page, 'light');
  await page.getByRole('searchbox', { name: 'Search chats' }).fill('');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The shortcuts are listed in the '?' popover.
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('dialog')).toContainText('Search your chats');
});
