import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { openService, toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * Issue 30, the first week of a real person: what is typed into a tool's form is kept per tool in the
 * tab (a switch of tools, a reload) until a generation succeeds; after it the request stays above the
 * answer as the saved chat shows it.
 */

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

/** Another tool through the header's Services menu: the app changes route without a reload. */
async function switchTool(page: Page, name: string) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Services' }).click();
  await header
    .getByRole('list', { name: 'Services' })
    .getByRole('link', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

const drafts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(sessionStorage)
      .filter((key) => key.startsWith('tool-draft:'))
      .sort(),
  );

test('a draft survives a switch of tools and a reload, and goes with the answer, which shows its request', async ({
  page,
}, testInfo) => {
  const marker = newMarker();
  await scriptReply(marker, { text: '## Your email\n\nDear landlord, the heating is fixed by Friday.' });
  await openService(page, testInfo, 'email-helper');

  const tone = page.getByLabel('Tone');
  const what = page.getByLabel('What should the email say?');
  const request = `Ask the landlord to fix the heating ${marker}`;
  await tone.selectOption('apologetic');
  await what.fill(request);

  // Another tool, and its own draft.
  await switchTool(page, 'Code Explainer');
  await expect(page.getByLabel('Your Code')).toHaveValue('');
  await page.getByLabel('Language').selectOption('rust');
  await page.getByLabel('Your Code').fill('let kept = 1;');

  // Back: the e-mail helper's draft is there, and again after a reload.
  await switchTool(page, 'Email Helper');
  await expect(tone).toHaveValue('apologetic');
  await expect(what).toHaveValue(request);
  await page.reload();
  await expect(tone).toHaveValue('apologetic');
  await expect(what).toHaveValue(request);
  await expect(page.getByRole('button', { name: 'Generate Email', exact: true })).toBeEnabled();
  expect(await drafts(page)).toEqual(['tool-draft:code-explainer', 'tool-draft:email-helper']);
  // The code explainer kept its own across the reload.
  await switchTool(page, 'Code Explainer');
  await expect(page.getByLabel('Language')).toHaveValue('rust');
  await expect(page.getByLabel('Your Code')).toHaveValue('let kept = 1;');
  // New Chat starts afresh: an empty form, and its draft gone (docs/product.md §4).
  await page.getByRole('button', { name: 'New Chat' }).click();
  await expect(page.getByLabel('Your Code')).toHaveValue('');
  await expect(page.getByLabel('Language')).not.toHaveValue('rust');
  expect(await drafts(page)).toEqual(['tool-draft:email-helper']);
  await page.getByLabel('Your Code').fill('let typed = 2;');
  await switchTool(page, 'Email Helper');

  // Sent: the answer takes the form's place, under the request as the saved chat shows it.
  await page.getByRole('button', { name: 'Generate Email', exact: true }).click();
  await expect(toolOutput(page)).toContainText('the heating is fixed by Friday');
  const prompt = page.getByRole('region', { name: 'Prompt' });
  await expect(prompt).toContainText('Tone: apologetic');
  await expect(prompt).toContainText(request);
  const promptBox = await prompt.boundingBox();
  const outputBox = await page.getByRole('region', { name: 'AI Output' }).boundingBox();
  expect(promptBox!.y + promptBox!.height).toBeLessThanOrEqual(outputBox!.y);
  await prompt.getByRole('button', { name: 'Hide' }).click();
  await expect(prompt.getByText(request)).toBeHidden();
  await prompt.getByRole('button', { name: 'Show' }).click();
  await expect(prompt.getByText(request)).toBeVisible();

  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(page, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Below 1024 px the sidebar slides away: the shot waits until it is gone.
      if (width < 1024) await expect(page.locator('#service-sidebar')).not.toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, testInfo, `tool-answer-with-request-${width}-${theme}.png`, { fullPage: true });
    }
    expect(await violations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // The success took the draft with it; the other tool's stays.
  expect(await drafts(page)).toEqual(['tool-draft:code-explainer']);
  await page.reload();
  await expect(what).toHaveValue('');
  await expect(tone).toHaveValue('professional');
});
