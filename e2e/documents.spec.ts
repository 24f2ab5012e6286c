import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type Block, docxOf, pdfOf } from '#tests/helpers/document-corpus';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { historyItem, historyList, openService, toolOutput } from './support/service-helpers.ts';

/**
 * Documents end to end (issue 11): the drop zone with its details and refusals, a long PDF summarized
 * with progress, the resume assistant with a job description and its match report, and the saved
 * chat's file and downloads.
 */

const FIXTURES = join(import.meta.dirname, '..', 'tests', 'fixtures', 'documents');

/** A document of `sections` sections, each carrying the marker so every part's prompt is scripted. */
function sectionsWith(marker: string, sections: number): Block[] {
  const sentence = `The committee in Zürich reviewed the forecast line by line and asked for a clearer account of costs, staff and risks (${marker}). `;
  return Array.from({ length: sections }, (_, i) => [
    { heading: `Section ${i + 1}` },
    { paragraph: sentence.repeat(4) },
    { paragraph: sentence.repeat(4) },
  ]).flat();
}

/** Drops files on the drop zone as a browser drag and drop does (react-dropzone reads the drop event). */
async function dropFiles(page: Page, files: Array<{ name: string; type: string; text: string }>) {
  const zone = page.getByTestId('file-drop-zone');
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([f.text], f.name, { type: f.type }));
    return data;
  }, files);
  for (const type of ['dragenter', 'dragover', 'drop'])
    await zone.dispatchEvent(type, { dataTransfer: transfer });
}

test('doc summarizer: choose a PDF, see its details, clear it, then summarize a long one with progress', async ({
  page,
}, testInfo) => {
  const marker = newMarker();
  await scriptReply(marker, {
    text: `## TL;DR\n\nThe committee wants clearer costs. ${marker}`,
    firstTokenDelayMs: 400,
  });
  await openService(page, testInfo, 'doc-summarizer');
  await expect(page.getByText('Select or Drag and drop your files here')).toBeVisible();
  const textBox = page.getByLabel('Paste your text');
  await expect(textBox).toBeVisible();

  // A small PDF: its details, the text box hidden, X clears it.
  await page.locator('input[type=file]').setInputFiles(join(FIXTURES, 'sample.pdf'));
  const card = page.getByTestId('file-card');
  await expect(card).toContainText('sample.pdf');
  await expect(card).toContainText(/\d+\.\d{2} MB/);
  await expect(card).toContainText(/PDF/);
  await expect(card).toContainText(/Modified/);
  await expect(textBox).toBeHidden();
  await expect(page.getByRole('button', { name: 'Summarize Now', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Remove file' }).click();
  await expect(card).toBeHidden();
  await expect(textBox).toBeVisible();
  await expect(page.getByRole('button', { name: 'Summarize Now', exact: true })).toBeDisabled();

  // A long PDF (several parts): the progress bar counts the parts, then the summary streams.
  const pdf = pdfOf(sectionsWith(marker, 70));
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'long report.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(card).toContainText('long report.pdf');
  // The parts can go by faster than a look at the bar: the page itself records the largest part count shown.
  await page.evaluate(() => {
    const w = window as { __partsSeen?: number };
    w.__partsSeen = 0;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      if (
        bar &&
        /Summarizing part \d+ of \d+/.test(
          bar.closest('[data-testid="generation-progress"]')?.textContent ?? '',
        )
      )
        w.__partsSeen = Math.max(w.__partsSeen ?? 0, Number(bar.getAttribute('aria-valuemax')));
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Summarize Now', exact: true }).click();
  const progress = page.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(toolOutput(page)).toContainText('The committee wants clearer costs.', { timeout: 30_000 });
  await expect(progress).toBeHidden();
  expect(await page.evaluate(() => (window as { __partsSeen?: number }).__partsSeen)).toBeGreaterThan(2);

  // Saved under the file's name; the form came back empty (the file too).
  await expect(historyList(page)).toContainText('long report.pdf');
  await page.getByRole('button', { name: 'New Chat' }).first().click();
  await expect(page.getByText('Select or Drag and drop your files here')).toBeVisible();
  await expect(page.getByTestId('file-card')).toBeHidden();
});

test('drop zone: refuses another type and two files, in the form', async ({ page }, testInfo) => {
  await openService(page, testInfo, 'doc-summarizer');
  await dropFiles(page, [{ name: 'photo.png', type: 'image/png', text: 'png' }]);
  const zoneArea = page.getByRole('form');
  await expect(zoneArea).toContainText('File type must be one of .txt, .pdf, .doc, .docx, .odt');
  await dropFiles(page, [
    { name: 'one.txt', type: 'text/plain', text: 'one' },
    { name: 'two.txt', type: 'text/plain', text: 'two' },
  ]);
  await expect(zoneArea).toContainText('Too many files');
  await expect(page.getByTestId('file-card')).toBeHidden();
  // A good file clears the refusal.
  await dropFiles(page, [{ name: 'notes.txt', type: 'text/plain', text: 'Meeting notes' }]);
  await expect(page.getByTestId('file-card')).toContainText('notes.txt');
  await expect(zoneArea).not.toContainText('Too many files');
});

test('resume assistant: a resume file and a job description give a match report and downloads', async ({
  page,
}, testInfo) => {
  const marker = newMarker();
  const optimized = `# Jane Doe\n\n## Skills\n\n- React\n- TypeScript\n- GraphQL\n\n${marker}`;
  await scriptReply(marker, { text: optimized });
  await openService(page, testInfo, 'resume-assistant');
  const resume = await docxOf([
    { heading: 'Jane Doe' },
    { paragraph: `Frontend engineer in Zürich. ${marker}` },
    { bullets: ['Built React and TypeScript apps at Acme', 'Wrote REST APIs in Node.js'] },
  ]);
  await page.locator('input[type=file]').setInputFiles({
    name: 'Jane CV.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: resume,
  });
  await expect(page.getByLabel('Or paste your resume')).toBeHidden();
  await page
    .getByLabel('Job Description')
    .fill('Requirements:\n- React and TypeScript\n- GraphQL\n- Kubernetes');
  await page.getByLabel('Tone').selectOption('confident');
  await page.getByRole('button', { name: 'Optimize Resume', exact: true }).click();

  await expect(toolOutput(page)).toContainText('GraphQL');
  const report = page.getByTestId('match-report');
  await expect(report).toBeVisible();
  await expect(report).toContainText('Kubernetes');
  await expect(report.getByRole('meter')).toHaveCount(2);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .docx' }).click();
  expect((await download).suggestedFilename()).toBe('Jane CV - Resume Assistant.docx');

  // The saved chat: the file with its download, the report again.
  await historyItem(page, 'Jane CV.docx').click();
  const saved = page.getByTestId('file-card');
  await expect(saved).toContainText('Jane CV.docx');
  const original = page.waitForEvent('download');
  await saved.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await original;
  expect(file.suggestedFilename()).toBe('Jane CV.docx');
  expect(readFileSync(await file.path()).equals(resume)).toBe(true);
  await expect(page.getByTestId('match-report')).toContainText('Kubernetes');
});
