import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { historyList, openService, readClipboard, toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';

/**
 * The code refactor's diff (issue 16): one click from the answer, side by side on a wide screen and one
 * column on a narrow one, highlighted; Copy copies the refactored code alone.
 */
test('a refactor shows its changes against the submitted code, fresh and saved', async ({
  page,
}, testInfo) => {
  const marker = newMarker();
  const submitted = `function total(items) {\n  var sum = 0;\n  for (var i = 0; i < items.length; i++) sum += items[i];\n  return sum; // ${marker}\n}`;
  const refactored = `const total = (items) => items.reduce((sum, item) => sum + item, 0); // ${marker}`;
  await scriptReply(marker, {
    text: `\`\`\`javascript\n${refactored}\n\`\`\`\n\n## What changed\n\n- A reduce instead of the loop.`,
  });
  await openService(page, testInfo, 'code-refactor');
  await page.getByLabel('Your Code').fill(submitted);
  await page.getByRole('button', { name: 'Refactor Code', exact: true }).click();
  await expect(toolOutput(page)).toContainText('What changed');

  // Copy copies the refactored code alone.
  await page.getByRole('button', { name: 'Copy output' }).click();
  expect(await readClipboard(page)).toBe(refactored);

  // One click away: the diff, side by side on this wide screen.
  await toolOutput(page).getByRole('button', { name: 'Show changes' }).click();
  const diff = page.getByTestId('code-diff');
  await expect(diff).toContainText('+1');
  await expect(diff).toContainText('−5');
  await expect(diff.locator('tr').first().locator('td')).toHaveCount(4);
  await expect(diff.locator('.hljs-keyword').first()).toBeVisible();
  await expect(diff.getByText('Removed: ', { exact: false }).first()).toBeAttached();
  await shot(page, testInfo, 'refactor-diff-wide.png');
  await toolOutput(page).getByRole('button', { name: 'Show the answer' }).click();
  await expect(diff).toHaveCount(0);

  // The saved chat offers the same; on a narrow screen the diff is one column.
  await historyList(page).getByRole('button').first().click();
  const output = page.getByRole('region', { name: 'AI Output' });
  await output.getByRole('button', { name: 'Show changes' }).click();
  await expect(diff.locator('tr').first().locator('td')).toHaveCount(4);
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(diff.locator('tr').first().locator('td')).toHaveCount(2);
  await expect(diff.locator('tr')).toHaveCount(6);
  await shot(page, testInfo, 'refactor-diff-narrow.png');
  await output.getByRole('button', { name: 'Copy output' }).click();
  expect(await readClipboard(page)).toBe(refactored);
});
