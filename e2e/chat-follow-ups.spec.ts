import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { openService, readClipboard, toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';

/**
 * Chats that go on (issue 16): a follow-up under a fresh answer opens the chat and streams its answer;
 * Regenerate keeps both versions with '1 / 2' arrows; Edit runs the first request again as another
 * version of the whole chat.
 */
test('a code explanation: follow-up, regenerate and switch versions, edit and re-run', async ({
  page,
}, testInfo) => {
  const marker = newMarker();
  await scriptReply(marker, { text: '## Overview\n\nIt logs the marker.', chunkDelayMs: 10 });
  await openService(page, testInfo, 'code-explainer');
  await page.getByLabel('Your Code').fill(`console.log('${marker}');`);
  await page.getByRole('button', { name: 'Explain Code', exact: true }).click();
  await expect(toolOutput(page)).toContainText('It logs the marker.');

  // The follow-up box under the fresh answer: Ctrl+Enter asks, and the chat opens with it.
  await scriptReply(marker, { text: 'Because **console.log** writes to the console.', chunkDelayMs: 40 });
  const followUp = page.getByRole('textbox', { name: 'Ask a follow-up' });
  await followUp.fill('Why does it print?');
  await followUp.press('Control+Enter');
  await expect(page.getByRole('region', { name: 'Your follow-up' })).toHaveText('Why does it print?');
  const answers = page.getByRole('region', { name: 'Answer' });
  await expect(answers.last()).toContainText('Because console.log writes to the console.');
  await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('It logs the marker.');
  await expect(page.getByRole('status').filter({ hasText: 'Answer complete.' })).toBeAttached();
  await shot(page, testInfo, 'chat-follow-up.png', { fullPage: true });

  // Regenerate the last answer: a second version, with arrows back to the first.
  await scriptReply(marker, { text: 'It prints because log is called.', chunkDelayMs: 10 });
  await answers.last().getByRole('button', { name: 'Regenerate' }).click();
  await expect(answers.last()).toContainText('It prints because log is called.');
  await expect(answers.last()).toContainText('2 / 2');
  await answers.last().getByRole('button', { name: 'Copy output' }).click();
  expect(await readClipboard(page)).toBe('It prints because log is called.');
  await answers.last().getByRole('button', { name: 'Previous version of this answer' }).click();
  await expect(answers.last()).toContainText('Because console.log writes to the console.');
  await expect(answers.last()).toContainText('1 / 2');
  await shot(page, testInfo, 'chat-versions.png');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  // The version shown is kept: reopening the page shows it.
  await page.reload();
  await page.getByRole('list', { name: 'Chat history' }).getByRole('button').first().click();
  await expect(page.getByRole('region', { name: 'Answer' }).last()).toContainText('1 / 2');

  // Edit the first request and run it again: another version of the whole chat.
  await scriptReply(marker, { text: 'Now it logs twice.', chunkDelayMs: 10 });
  const prompt = page.getByRole('region', { name: 'Prompt' });
  await prompt.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('region', { name: 'Edit the request' });
  await edit.getByLabel('Your Code').fill(`console.log('${marker}'); console.log(2);`);
  await edit.getByRole('button', { name: 'Explain Code', exact: true }).click();
  await expect(page.getByRole('region', { name: 'AI Output' })).toContainText('Now it logs twice.');
  await expect(prompt).toContainText('console.log(2);');
  await expect(prompt).toContainText('2 / 2');
  await expect(page.getByRole('region', { name: 'Your follow-up' })).toHaveCount(0);
  await prompt.getByRole('button', { name: 'Previous version of this chat' }).click();
  await expect(page.getByRole('region', { name: 'Your follow-up' })).toHaveText('Why does it print?');
  await shot(page, testInfo, 'chat-edit.png', { fullPage: true });
});

/**
 * The list of running answers can be older than the answer it lists (read while it was written): a
 * follow-up asked meanwhile still streams, and shows once. Here the list keeps naming the first answer
 * after it ended, as a list read while it was written does.
 */
test('a follow-up asked while the running list still names the first answer streams and shows once', async ({
  page,
}, testInfo) => {
  let listed: unknown = null;
  await page.route('**/api/generations', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { generations: unknown[] };
    if (body.generations.length > 0) listed = body;
    await route.fulfill({ response, json: listed ?? body });
  });
  const marker = newMarker();
  // Slow enough for the list, read again when the answer starts, to be read while it is written: four words
  // 40 ms apart left 160 ms for that round trip, which two busy workers did not always make.
  await scriptReply(marker, { text: 'It logs the marker.', chunkDelayMs: 300 });
  await openService(page, testInfo, 'code-explainer');
  await page.getByLabel('Your Code').fill(`console.log('${marker}');`);
  await page.getByRole('button', { name: 'Explain Code', exact: true }).click();
  await expect(toolOutput(page)).toContainText('It logs the marker.');
  expect(listed).not.toBeNull();

  await scriptReply(marker, { text: 'Because log writes to the console.', chunkDelayMs: 40 });
  const followUp = page.getByRole('textbox', { name: 'Ask a follow-up' });
  await followUp.fill('Why does it print?');
  await followUp.press('Control+Enter');
  const answers = page.getByRole('region', { name: 'Answer' });
  await expect(answers.last()).toContainText('Because log writes to the console.');
  await expect(page.getByRole('status').filter({ hasText: 'Answer complete.' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Your follow-up' })).toHaveText('Why does it print?');
  await expect(answers).toHaveCount(1);
});
