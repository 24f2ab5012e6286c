import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { openService, sidebar, toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * Issue 30: in 'Your Code' Enter is a new line and Ctrl+Enter sends (code has many lines); the other
 * boxes keep Enter (tools-errors.spec.ts). The '?' lists the keys as the forms take them, in a dialog
 * over the page.
 */
test('in the code box Enter adds a line and Ctrl+Enter sends; the ? dialog says so', async ({
  page,
}, testInfo) => {
  const marker = newMarker();
  await scriptReply(marker, { text: '## Overview\n\nIt returns one.' });
  await openService(page, testInfo, 'code-explainer');

  const box = page.getByLabel('Your Code');
  await expect(box).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
  await expect(page.getByRole('form', { name: 'Explain Code' })).toContainText(
    'Ctrl + Enter to submit · Enter for a new line',
  );
  await box.fill('function one() {');
  await box.press('Enter');
  await box.pressSequentially(`  return 1; // ${marker}`);
  await box.press('Enter');
  await box.pressSequentially('}');
  await expect(box).toHaveValue(`function one() {\n  return 1; // ${marker}\n}`);
  await expect(box).toBeFocused();
  await expect(toolOutput(page)).toBeHidden();

  await box.press('Control+Enter');
  await expect(box).not.toBeFocused();
  await expect(toolOutput(page)).toContainText('It returns one.');

  // The shortcuts, in a dialog over the page (not inside the sidebar), the same as the forms.
  const sidebarBox = await sidebar(page).boundingBox();
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Send a tool form from a text box (Shift + Enter for a new line)');
  await expect(dialog).toContainText(
    'Send from the code box or a follow-up, where Enter is a new line; from any other box too',
  );
  await expect(dialog).toContainText('Stop the answer being written');
  await expect(dialog).toContainText('Search your chats');
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox!.x).toBeGreaterThan(sidebarBox!.x + sidebarBox!.width);
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(page, theme);
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    await shot(page, testInfo, `keyboard-help-1280-${theme}.png`);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Keyboard shortcuts' })).toBeFocused();

  // On a phone the sidebar is an overlay; the dialog is over everything, inside the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open sidebar' }).click();
  await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
  const phoneBox = await dialog.boundingBox();
  expect(phoneBox!.x).toBeGreaterThanOrEqual(0);
  expect(phoneBox!.x + phoneBox!.width).toBeLessThanOrEqual(390);
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(page, theme);
    await shot(page, testInfo, `keyboard-help-390-${theme}.png`);
  }
});
