import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { openService, readClipboard, toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

/** An article whose text carries the test's marker, so the rewrite's prompt (the whole answer) does too. */
function articleFor(marker: string) {
  return [
    `# Launch plan ${marker}`,
    '',
    'We will ship the new release on Monday after a long and careful review of every open item. Everyone is ready.',
    '',
    '## Risks',
    '',
    '- Late reviews',
    '- Flaky tests',
  ].join('\n');
}

/** Selects `text` in the editor, as a drag over it would (ProseMirror reads the page's selection). */
async function selectInEditor(page: Page, text: string) {
  const editor = page.getByRole('textbox', { name: 'Answer text' });
  await editor.click();
  await editor.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at !== -1) {
        window.getSelection()?.setBaseAndExtent(node, at, node, at + wanted.length);
        return;
      }
    }
    throw new Error(`${wanted} is not in the editor`);
  }, text);
}

/** A fresh account's new article (the marker in it), on the tool page. */
async function newArticle(page: Page, testInfo: TestInfo) {
  const marker = newMarker();
  await openService(page, testInfo, 'article-generator');
  await scriptReply(marker, { text: articleFor(marker), chunkDelayMs: 2 });
  await page.getByLabel('Article Topic').fill(`Launch ${marker}`);
  await page.getByRole('button', { name: 'Generate Article', exact: true }).click();
  await expect(toolOutput(page)).toContainText('Everyone is ready.');
  return marker;
}

/** A new article opened in the editor with Edit: the answer's region and the editor's text. */
async function articleInEditor(page: Page, testInfo: TestInfo) {
  const marker = await newArticle(page, testInfo);
  await page.getByRole('button', { name: 'Edit this answer' }).click();
  const output = page.getByRole('region', { name: 'AI Output' });
  const editor = output.getByRole('textbox', { name: 'Answer text' });
  await expect(editor).toBeVisible();
  return { marker, output, editor };
}

/**
 * The canvas (issue 33): Edit opens the fresh answer in the editor; a sentence selected and made
 * shorter streams in as a suggestion, Accept keeps it as a new version; typed text saved is another.
 */
test('edit an article in place: Shorter on a sentence, Accept, then type and save', async ({
  page,
}, testInfo) => {
  const { marker, output, editor } = await articleInEditor(page, testInfo);
  await expect(editor.getByRole('heading', { level: 1 })).toContainText('Launch plan');

  // Select a sentence: the menu over it offers the rewrites; Shorter streams a suggestion in its place.
  const sentence =
    'We will ship the new release on Monday after a long and careful review of every open item.';
  await selectInEditor(page, sentence);
  const menu = page.getByRole('toolbar', { name: 'Ask AI about the selection' });
  await expect(menu).toBeVisible();
  await scriptReply(marker, { text: 'We ship on Monday, fully reviewed.', chunkDelayMs: 120 });
  await menu.getByRole('button', { name: 'Shorter', exact: true }).click();
  const suggestionBar = page.getByRole('region', { name: 'Suggestion' });
  await expect(suggestionBar).toContainText('writing…');
  const suggested = page.getByTestId('answer-suggestion');
  await expect(suggested).toContainText('We ship');
  await expect(suggested).not.toContainText('reviewed.');
  await shot(page, testInfo, 'editor-suggestion-streaming.png');
  await expect(suggested).toHaveText('We ship on Monday, fully reviewed.');
  await expect(page.locator('.answer-suggestion-removed')).toContainText('careful review');
  await expect(page.getByRole('status').filter({ hasText: 'Suggestion ready' })).toBeAttached();
  await shot(page, testInfo, 'editor-suggestion-ready.png');

  await suggestionBar.getByRole('button', { name: 'Accept' }).click();
  await expect(editor).toContainText('We ship on Monday, fully reviewed. Everyone is ready.');
  await expect(editor).not.toContainText('careful review');
  await expect(output).toContainText('2 / 2');

  // Type at the end and save: a third version, the editor closes on it.
  await editor.getByText('Flaky tests').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Slow builds');
  await output.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toHaveCount(0);
  await expect(output).toContainText('3 / 3');
  await expect(output.getByRole('listitem')).toHaveText(['Late reviews', 'Flaky tests', 'Slow builds']);
  await expect(output).toContainText('We ship on Monday, fully reviewed.');

  // Every version stays: back to the first.
  await output.getByRole('button', { name: 'Previous version of this answer' }).click();
  await output.getByRole('button', { name: 'Previous version of this answer' }).click();
  await expect(output).toContainText('1 / 3');
  await expect(output).toContainText('careful review of every open item');
});

test('copy keeps headings and lists in a rich-text paste, and the Markdown as plain text', async ({
  page,
}, testInfo) => {
  const marker = await newArticle(page, testInfo);
  await toolOutput(page).getByRole('heading', { name: 'Risks' }).waitFor();
  await page.getByRole('button', { name: 'Copy output' }).click();
  expect(await readClipboard(page)).toBe(articleFor(marker));
  // A paste into a rich-text field (as a mail client's or a document's) gets the HTML.
  await page.evaluate(() => {
    const field = document.createElement('div');
    field.contentEditable = 'true';
    field.id = 'paste-target';
    field.setAttribute('aria-label', 'Paste here');
    document.body.append(field);
    field.focus();
  });
  await page.keyboard.press('Control+V');
  const pasted = page.locator('#paste-target');
  await expect(pasted.locator('h1')).toContainText('Launch plan');
  await expect(pasted.locator('h2')).toHaveText('Risks');
  await expect(pasted.locator('li')).toHaveText(['Late reviews', 'Flaky tests']);
  await expect(pasted.locator('button')).toHaveCount(0);
});

test('Reject goes back to the version before; Stop keeps the text; Esc asks before unsaved changes go', async ({
  page,
}, testInfo) => {
  const { marker, output, editor } = await articleInEditor(page, testInfo);

  // The whole answer, from the toolbar's menu by keyboard (Ctrl+J), in a friendly tone; then Reject.
  await editor.click();
  await scriptReply(marker, { text: '# Hey team\n\nMonday it is!', chunkDelayMs: 5 });
  await page.keyboard.press('Control+j');
  await page.getByRole('menuitem', { name: 'Change the tone' }).press('ArrowRight');
  await page.getByRole('menuitem', { name: 'Friendly' }).click();
  const suggestionBar = page.getByRole('region', { name: 'Suggestion' });
  await expect(suggestionBar.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(page.getByTestId('answer-suggestion')).toContainText('Monday it is!');
  // The text is read-only meanwhile; focus is on Accept, and Esc rejects from the keyboard.
  await expect(editor).toHaveAttribute('aria-readonly', 'true');
  await expect(suggestionBar.getByRole('button', { name: 'Accept' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(suggestionBar).toHaveCount(0);
  await expect(editor).toContainText('careful review');
  await expect(editor).not.toHaveAttribute('aria-readonly');
  await expect(page.getByRole('status').filter({ hasText: 'Suggestion rejected' })).toBeAttached();
  // The chat waits while an answer is in the editor.
  await expect(page.getByText('Close the editor to ask a follow-up.')).toBeVisible();

  // Stop while the suggestion is written: nothing changes, nothing new is saved.
  await selectInEditor(page, 'Everyone is ready.');
  await scriptReply(marker, {
    text: 'All of us are fully prepared and looking forward to it.',
    chunkDelayMs: 400,
  });
  await page
    .getByRole('toolbar', { name: 'Ask AI about the selection' })
    .getByRole('button', { name: 'Longer' })
    .click();
  await expect(page.getByTestId('answer-suggestion')).toContainText('All');
  await suggestionBar.getByRole('button', { name: 'Stop' }).click();
  await expect(suggestionBar).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'nothing was changed' })).toBeAttached();
  await expect(editor).toContainText('Everyone is ready.');

  // Typed, then Esc: asked first; Discard leaves without saving.
  await editor.getByText('Late reviews').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and more');
  await page.keyboard.press('Control+z');
  await expect(editor).not.toContainText('and more');
  await page.keyboard.press('Control+Shift+z');
  await expect(editor).toContainText('Late reviews and more');
  await page.keyboard.press('Escape');
  const confirm = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toHaveCount(0);
  await expect(output.getByRole('button', { name: 'Edit this answer' })).toBeFocused();
  await expect(output).not.toContainText('and more');
  // The rejected suggestion stays as a version of its own; the first is shown.
  await expect(output).toContainText('1 / 2');
});

/** Axe's violations inside the editor (its toolbar, text, selection menu and the menus it opens), as lines. */
async function editorViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-testid="answer-editor"]').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

test('the editor and its menus pass axe in both themes and at 390 px', async ({ page }, testInfo) => {
  // Four layouts, each with two menus: about half a minute on a quiet machine, so twice that allowed.
  test.setTimeout(90_000);
  await articleInEditor(page, testInfo);
  // The whole page once with the editor open; then the editor itself (where its menus open) in each
  // theme and width, with the selection menu and with the Ask AI menu.
  const page1 = await new AxeBuilder({ page }).analyze();
  expect(page1.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(page, theme);
      await selectInEditor(page, 'Everyone is ready.');
      await expect(page.getByRole('toolbar', { name: 'Ask AI about the selection' })).toBeVisible();
      expect(await editorViolations(page)).toEqual([]);
      await shot(page, testInfo, `editor-${theme}-${width}.png`);
      await page.getByRole('button', { name: /^Ask AI/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      expect(await editorViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
    }
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
