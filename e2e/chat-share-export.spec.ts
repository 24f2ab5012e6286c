import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { historyList, openService, readClipboard, toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';

/**
 * Share and keep a chat (issue 16): a public link that opens in a fresh browser context and dies when
 * revoked; the whole chat downloads as Markdown, and the tool's chats as a ZIP.
 */
test('a shared link opens without signing in and stops working once revoked; chats download', async ({
  page,
  browser,
}, testInfo) => {
  const marker = newMarker();
  await scriptReply(marker, { text: '## Tea\n\nGreen tea is **lightly** oxidised.' });
  await openService(page, testInfo, 'article-generator');
  await page.getByLabel('Article Topic').fill(`Tea ${marker}`);
  await page.getByRole('button', { name: 'Generate Article', exact: true }).click();
  await expect(toolOutput(page)).toContainText('lightly oxidised');
  await historyList(page).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('lightly oxidised');

  // Download the whole chat as Markdown.
  const [markdown] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: 'Download', exact: true })
      .click()
      .then(() => page.getByRole('menuitem', { name: 'Markdown (.md)' }).click()),
  ]);
  expect(markdown.suggestedFilename()).toMatch(/^Tea e2e-.+ - Article Generator\.md$/);
  // Every chat of the tool as a ZIP, from the sidebar.
  const [zip] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: 'Download chats' })
      .click()
      .then(() => page.getByRole('menuitem', { name: 'Article Generator chats' }).click()),
  ]);
  expect(zip.suggestedFilename()).toMatch(/^draftsmith-article-generator-chats-\d{4}-\d{2}-\d{2}\.zip$/);

  // Share: create the link, copy it.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this chat' });
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByLabel('Link to this chat');
  await expect(field).toHaveValue(/\/share\/[A-Za-z0-9_-]{32}$/);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  const link = await readClipboard(page);
  expect(link).toBe(await field.inputValue());
  await shot(page, testInfo, 'chat-share-dialog.png');

  // A stranger's fresh browser: the chat, without the app's sidebar or account, not for search engines.
  const stranger = await browser.newContext();
  const visit = await stranger.newPage();
  const response = await visit.goto(link);
  expect(response?.headers()['x-robots-tag']).toContain('noindex');
  await expect(visit.getByRole('heading', { level: 1 })).toHaveText(`Tea ${marker}`);
  await expect(visit.getByRole('region', { name: 'AI Output' })).toContainText(
    'Green tea is lightly oxidised.',
  );
  await expect(visit.getByRole('region', { name: 'AI Output' }).locator('strong')).toHaveText('lightly');
  await expect(visit.getByRole('complementary', { name: 'Service sidebar' })).toHaveCount(0);
  await expect(visit.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
  await shot(visit, testInfo, 'chat-shared-page.png');

  // Revoked: the same link, opened again, no longer works.
  await dialog.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(dialog.getByRole('button', { name: 'Create link' })).toBeVisible();
  await visit.goto(link);
  await expect(visit.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await expect(visit.getByText('Green tea')).toHaveCount(0);
  await stranger.close();
});
