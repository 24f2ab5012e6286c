import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { openService, readClipboard, toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';

/**
 * Helpers that know their craft (issue 34): an e-mail reply inside a pasted thread, written in two drafts
 * shown as tabs; a resume whose invented claims are marked, with where each line comes from; its cover
 * letter; and the resume as a PDF.
 */

test('e-mail: reply to a pasted thread in two drafts, pick the second, its headers and downloads', async ({
  page,
}, testInfo) => {
  const marker = newMarker();
  // The first draft, then the second (the marker's default reply).
  await scriptReply(
    marker,
    { text: `Hi Ana,\n\nYou will have the revised budget by Wednesday noon.\n\nJo ${marker}` },
    [{ text: `Hi Ana,\n\nThe budget comes on Wednesday.\n\nBest,\nJo ${marker}` }],
  );
  await openService(page, testInfo, 'email-helper');
  await page.getByLabel('Intent').selectOption('reply');
  await page.getByLabel('What should the email say?').fill(`Say it comes Wednesday (${marker})`);
  await page
    .getByLabel('Or paste the thread')
    .fill(
      [
        'From: Ana Ruiz <ana@example.com>',
        'Subject: Budget for Q3',
        '',
        'Could you send me the revised budget before Thursday?',
        '',
        'On Mon, 3 Mar 2025 at 09:00, Cy Lam <cy@example.com> wrote:',
        '> Finance needs the Q3 figures this week.',
      ].join('\n'),
    );
  await page.getByLabel('Drafts').selectOption('2');
  await page.getByRole('button', { name: 'Generate Email', exact: true }).click();

  const output = toolOutput(page);
  await expect(output).toContainText('The budget comes on Wednesday.');
  const headers = output.getByTestId('email-headers');
  await expect(headers).toContainText('Re: Budget for Q3');
  await expect(headers).toContainText('ana@example.com');
  const tabs = output.getByRole('tab');
  await expect(tabs).toHaveText(['Draft 1', 'Draft 2']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');

  // The second draft: shown, and what Copy and the downloads take (the saved chat shows it).
  await tabs.nth(1).click();
  await expect(output).toContainText('You will have the revised budget by Wednesday noon.');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Copy output', exact: true }).click();
  await expect.poll(() => readClipboard(page)).toContain('Wednesday noon');
  // Keyboard: arrows move between the drafts.
  await tabs.nth(1).press('ArrowLeft');
  await expect(tabs.first()).toBeFocused();
  await expect(output).toContainText('The budget comes on Wednesday.');
  const chosen = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.ok());
  await tabs.first().press('ArrowRight');
  await expect(output).toContainText('Wednesday noon');
  await chosen;

  const mailto = page.getByRole('link', { name: 'Open in mail app' });
  await expect(mailto).toHaveAttribute(
    'href',
    /^mailto:ana%40example\.com\?subject=Re%3A%20Budget%20for%20Q3&body=/,
  );
  await shot(page, testInfo, 'email-reply-drafts.png', { fullPage: true });
  expect(
    (await new AxeBuilder({ page }).include('[data-testid="tool-output"]').analyze()).violations,
  ).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .eml' }).click();
  const eml = readFileSync(await (await download).path(), 'utf8');
  expect(eml).toMatch(/^Subject: Re: Budget for Q3$/m);
  expect(eml).toMatch(/^X-Unsent: 1$/m);
  expect(eml).toContain('Wednesday noon');
});

const RESUME = `Jana Novak
Frontend developer, Zurich

EXPERIENCE
Frontend Engineer, Shoply (2020 - 2024)
- Led a team of 5 engineers to rebuild the checkout in React
- Cut bundle size by 40% across 30 screens`;

test('resume: a flagged line with its reason and source, a cover letter, and the PDF', async ({
  page,
}, testInfo) => {
  test.slow();
  const marker = newMarker();
  await scriptReply(
    marker,
    // The cover letter (asked after the resume) reads the person's resume: scripted by its own text.
    { text: `Dear Hiring Manager,\n\nI led 5 engineers at Shoply and 8 more at Hooli.\n\nJana Novak` },
    [
      {
        text: [
          '# Jana Novak',
          'Frontend developer | Zurich',
          '',
          '## Experience',
          '### Frontend Engineer, Shoply (2020 - 2024)',
          '- Managed 12 engineers rebuilding the checkout with React',
          '- Reduced bundle size by 40% across 30 screens',
        ].join('\n'),
      },
    ],
  );
  await openService(page, testInfo, 'resume-assistant');
  await page.getByLabel('Or paste your resume').fill(`${RESUME}\n${marker}`);
  await page.getByLabel('Job Description').fill('Senior Frontend Engineer: React, leading teams');
  await page.getByRole('button', { name: 'Optimize Resume', exact: true }).click();

  const output = toolOutput(page);
  await expect(output).toContainText('engineers rebuilding the checkout');
  // The invented number is marked, its reason shown on focus, and listed to check.
  const mark = output.locator('mark.md-unsupported', { hasText: '12' });
  await expect(mark).toBeVisible();
  await expect(mark).toHaveAttribute('aria-description', 'This number is not in your resume.');
  const reasonShown = () => mark.evaluate((el) => getComputedStyle(el, '::after').display);
  expect(await reasonShown()).toBe('none');
  await mark.focus();
  expect(await reasonShown()).toBe('block');
  const claims = output.getByTestId('unsupported-claims');
  await expect(claims).toContainText('“12”');
  await shot(page, testInfo, 'resume-flagged-line.png', { fullPage: true });
  expect(
    (await new AxeBuilder({ page }).include('[data-testid="tool-output"]').analyze()).violations,
  ).toEqual([]);

  // A click on a line shows where it comes from in the person's resume.
  await output.getByText('Reduced bundle size by 40% across 30 screens').click();
  const sheet = page.getByRole('dialog', { name: /Where line \d+ comes from/ });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByTestId('line-sources')).toContainText('- Cut bundle size by 40% across 30 screens');
  await shot(page, testInfo, 'resume-line-source.png');
  expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // The flagged line's own sources, from the list, by keyboard.
  await claims
    .getByRole('button', { name: /Where is line \d+ from\?/ })
    .first()
    .press('Enter');
  await expect(page.getByRole('dialog')).toContainText('“12”');
  await page.keyboard.press('Escape');

  // The PDF: a real PDF, named after the chat.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download .pdf' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // The cover letter: written in the chat, its own claims checked the same way.
  await page.getByRole('button', { name: 'Write a cover letter' }).click();
  const letter = page.getByRole('region', { name: 'Cover letter' });
  await expect(letter).toContainText('Dear Hiring Manager');
  await expect(letter.getByTestId('unsupported-claims')).toContainText('Hooli');
  await shot(page, testInfo, 'resume-cover-letter.png', { fullPage: true });
});
