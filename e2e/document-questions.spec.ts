import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { textPdf } from '#tests/helpers/pdf-writer';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { openService, toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * Documents you can question (issue 32): a summarized PDF says what was read of it, its answers cite
 * pages, and a citation opens the page's text in a side panel, on the fresh answer and in the chat that
 * goes on from it.
 */

/** A two-page PDF with a line of text on each page; the marker on page 1 scripts the model's replies. */
function twoPagePdf(marker: string): Buffer {
  return textPdf([
    [{ x: 72, y: 770, text: `Page one: the budget for next year is settled (${marker}).` }],
    [{ x: 72, y: 770, text: 'Page two: staffing rises to forty people by June.' }],
  ]);
}

test('a summarized PDF: the coverage line, a cited page in the side panel, a follow-up citing page 2', async ({
  page,
}, testInfo) => {
  test.slow();
  const marker = newMarker();
  await scriptReply(marker, {
    text: `## Summary\n\nThe budget is settled (p. 1) and staffing grows (p. 2).\n\nIn code: \`(p. 2)\`. ${marker}`,
  });
  await openService(page, testInfo, 'doc-summarizer');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'plan 2027.pdf', mimeType: 'application/pdf', buffer: twoPagePdf(marker) });
  await page.getByRole('button', { name: 'Summarize Now', exact: true }).click();

  // The fresh answer: what was read of the document, under it.
  const output = toolOutput(page);
  await expect(output).toContainText('The budget is settled');
  const coverage = output.getByTestId('document-coverage');
  await expect(coverage).toHaveText(/Read all 2 pages\./);
  await expect(coverage).toContainText('What was read of the document:');

  // Its citations are links; the one in code is not.
  await expect(output.getByRole('button', { name: /^Show p\. \d of the document$/ })).toHaveCount(2);
  await expect(output.locator('code')).toHaveText('(p. 2)');
  await shot(page, testInfo, 'document-coverage-light.png');
  await emulateTheme(page, 'dark');
  await shot(page, testInfo, 'document-coverage-dark.png');
  await emulateTheme(page, 'light');

  // A citation of the fresh answer opens page 1 in the side panel.
  const pageOne = output.getByRole('button', { name: 'Show p. 1 of the document' });
  await pageOne.click();
  const panel = page.getByRole('dialog', { name: 'p. 1 of plan 2027.pdf' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('document-passage')).toContainText('Page one: the budget for next year');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(pageOne).toBeFocused();

  // A follow-up whose answer cites page 2: the chat opens, the answer's citation is a link.
  await scriptReply(marker, { text: 'Staffing rises to forty people by June (p. 2).' });
  const followUp = page.getByRole('textbox', { name: 'Ask a follow-up' });
  await followUp.fill('How many people will there be?');
  await followUp.press('Control+Enter');
  const answer = page.getByRole('region', { name: 'Answer' }).last();
  await expect(answer).toContainText('Staffing rises to forty people by June');
  // The saved chat shows what was read under its first answer.
  await expect(page.getByRole('region', { name: 'AI Output' }).getByTestId('document-coverage')).toHaveText(
    /Read all 2 pages\./,
  );

  const citation = answer.getByRole('button', { name: 'Show p. 2 of the document' });
  await expect(citation).toHaveText('p. 2');
  await citation.click();
  const pageTwo = page.getByRole('dialog', { name: 'p. 2 of plan 2027.pdf' });
  await expect(pageTwo).toBeVisible();
  await expect(pageTwo.getByTestId('document-passage')).toContainText(
    'Page two: staffing rises to forty people by June.',
  );
  await expect(pageTwo.getByTestId('document-passage')).not.toContainText('Page one');
  // Focus is kept inside the panel.
  await expect(pageTwo.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await pageTwo.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await shot(page, testInfo, 'document-passage-light.png');
  await emulateTheme(page, 'dark');
  await shot(page, testInfo, 'document-passage-dark.png');
  await emulateTheme(page, 'light');

  // The page opens in the PDF in a new tab, at that page.
  const popup = page.waitForEvent('popup');
  await pageTwo.getByRole('button', { name: /Open page 2 in the PDF/ }).click();
  const tab = await popup;
  await expect.poll(() => tab.url()).toMatch(/^blob:.+#page=2$/);
  await tab.close();

  // Esc closes the panel, and only the panel.
  await page.keyboard.press('Escape');
  await expect(pageTwo).toBeHidden();
  await expect(citation).toBeFocused();
  await expect(answer).toContainText('Staffing rises to forty people by June');
});

test('a page the document does not have: the panel says so', async ({ page }, testInfo) => {
  const marker = newMarker();
  await scriptReply(marker, { text: `The plan ends with the appendix (p. 9). ${marker}` });
  await openService(page, testInfo, 'doc-summarizer');
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: twoPagePdf(marker) });
  await page.getByRole('button', { name: 'Summarize Now', exact: true }).click();
  await toolOutput(page).getByRole('button', { name: 'Show p. 9 of the document' }).click();
  const panel = page.getByRole('dialog', { name: /^p\. 9/ });
  await expect(panel.getByRole('alert')).toBeVisible();
  await expect(panel.getByTestId('document-passage')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
});
