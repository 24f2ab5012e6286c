import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { historyList, openService, toolOutput } from './support/service-helpers.ts';

/**
 * Reload-proof streaming (issue 16): a reload in the middle of a generation loses nothing. The sidebar
 * marks the chat being written, and opening it shows the answer continuing to its end.
 */
test('a reload in the middle of a generation shows it continuing', async ({ page }, testInfo) => {
  const marker = newMarker();
  // 12 s of answer: still running after the reload and the click on a loaded 2-core machine (with 6 s it
  // had ended once before the Stop button was looked for).
  const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
  await scriptReply(marker, { chunks: words.map((w) => `${w} `), chunkDelayMs: 150 });
  await openService(page, testInfo, 'article-generator');
  await page.getByLabel('Article Topic').fill(`Reload ${marker}`);
  await page.getByRole('button', { name: 'Generate Article', exact: true }).click();
  await expect(toolOutput(page)).toContainText('word3');

  await page.reload();
  // The sidebar lists the chat still being written; it opens streaming, from what was written so far.
  const row = historyList(page).getByRole('button', { name: /Reload e2e-.*being written/ });
  await expect(row).toBeVisible();
  await row.click();
  const output = page.getByRole('region', { name: 'AI Output' });
  await expect(output).toContainText('word5');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
  // It goes on to the end, and then the saved chat shows with its prompt.
  await expect(output).toContainText('word79', { timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Prompt' })).toContainText(`Reload ${marker}`);
  const text = await output.textContent();
  for (const word of words) expect(text).toContain(word);
  await expect(historyList(page).getByRole('button', { name: /being written/ })).toHaveCount(0);
});
