import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { historyItem, openService, toolOutput } from './support/service-helpers.ts';
import { sidebarTitle } from './support/tool-inputs.ts';

test('Stop mid-stream keeps what was written and saves it as a stopped chat', async ({ page }, testInfo) => {
  const marker = newMarker();
  const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');
  await scriptReply(marker, { text: `Beginning of the article. ${words} FINAL-WORD`, chunkDelayMs: 120 });
  await openService(page, testInfo, 'article-generator');

  const topic = `A long article to stop ${marker}`;
  await page.getByLabel('Article Topic').fill(topic);
  await page.getByRole('button', { name: 'Generate Article' }).click();
  await expect(toolOutput(page)).toContainText('word3');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();

  await expect(toolOutput(page)).toContainText('Stopped. What was written so far is saved in your history.');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeHidden();
  const kept = (await toolOutput(page).textContent()) ?? '';
  expect(kept).toContain('Beginning of the article.');
  expect(kept).not.toContain('FINAL-WORD');

  // Nothing more arrives after the stop.
  await page.waitForTimeout(1500);
  await expect(toolOutput(page)).not.toContainText('FINAL-WORD');

  // The saved chat says it was stopped and holds the partial answer.
  await historyItem(page, sidebarTitle(topic)).click();
  const output = page.getByRole('region', { name: 'AI Output' });
  await expect(output).toContainText('This answer was stopped before it finished.');
  await expect(output).toContainText('Beginning of the article.');
  await expect(output).not.toContainText('FINAL-WORD');
});
