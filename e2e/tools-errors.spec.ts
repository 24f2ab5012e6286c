import { expect, test } from '@playwright/test';
import { newMarker, scriptReply } from './support/ai-script.ts';
import { historyList, openService, toolOutput } from './support/service-helpers.ts';

test('a provider failure shows the red banner and keeps the inputs', async ({ page }, testInfo) => {
  const marker = newMarker();
  await scriptReply(marker, { status: 400 });
  await openService(page, testInfo, 'code-explainer');

  const code = `let total = 0; // ${marker}`;
  await page.getByLabel('Language').selectOption('rust');
  await page.getByLabel('Your Code').fill(code);
  await page.getByRole('button', { name: 'Explain Code' }).click();

  const banner = page.getByRole('alert').filter({ hasText: 'An error occurred: ' });
  await expect(banner).toContainText(
    'An error occurred: The AI provider returned an error. Please try again.',
  );
  await expect(page.getByLabel('Your Code')).toHaveValue(code);
  await expect(page.getByLabel('Your Code')).toBeEnabled();
  await expect(page.getByLabel('Language')).toHaveValue('rust');
  await expect(page.getByRole('button', { name: 'Explain Code' })).toBeEnabled();
  await expect(toolOutput(page)).toBeHidden();
  // A failed generation saves nothing.
  await expect(page.getByText('No history yet')).toBeVisible();
  await expect(historyList(page)).toBeHidden();

  // Trying again works and the banner goes away.
  const retry = newMarker();
  await scriptReply(retry, { text: 'Second try worked.' });
  await page.getByLabel('Your Code').fill(`let total = 1; // ${retry}`);
  // In the code box Enter is a new line; Ctrl+Enter sends (docs/product.md §4).
  await page.getByLabel('Your Code').press('Control+Enter');
  await expect(toolOutput(page)).toContainText('Second try worked.');
  await expect(banner).toBeHidden();
});

test("a non-2xx reply says 'Failed to fetch results' with the server's reason", async ({
  page,
}, testInfo) => {
  await openService(page, testInfo, 'email-helper');
  await page.route('**/api/email-helper', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'unavailable:ai', message: 'AI model is downloading (42 %)' } }),
    }),
  );
  await page.getByLabel('Tone').selectOption('apologetic');
  await page.getByLabel('What should the email say?').fill('Sorry for the late invoice');
  await page.getByRole('button', { name: 'Generate Email' }).click();

  const banner = page.getByRole('alert').filter({ hasText: 'Failed to fetch results' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('AI model is downloading (42 %)');
  await expect(page.getByLabel('What should the email say?')).toHaveValue('Sorry for the late invoice');
  await expect(page.getByLabel('Tone')).toHaveValue('apologetic');
});

test('Enter submits and blurs, Shift+Enter adds a line, and an empty form cannot be sent', async ({
  page,
}, testInfo) => {
  const marker = newMarker();
  await scriptReply(marker, { text: 'Summary ready.', firstTokenDelayMs: 2500 });
  await openService(page, testInfo, 'doc-summarizer');

  const box = page.getByLabel('Paste your text');
  await box.press('Enter');
  await expect(page.getByRole('button', { name: 'Summarize Now' })).toBeDisabled();
  await expect(toolOutput(page)).toBeHidden();

  await box.fill(`First line ${marker}`);
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await expect(box).toHaveValue(`First line ${marker}\nsecond line`);
  await box.press('Enter');
  await expect(box).not.toBeFocused();
  await expect(page.getByRole('button', { name: 'Summarizing...' })).toBeDisabled();
  await expect(box).toBeDisabled();
  await expect(toolOutput(page)).toContainText('Summary ready.');

  // The summarizer clears its inputs after a success (docs/product.md §4).
  await page.getByRole('button', { name: 'New request' }).click();
  await expect(page.getByLabel('Paste your text')).toHaveValue('');
});

test('a request refused for want of a model is said by the one model banner, not a second red one', async ({
  page,
}, testInfo) => {
  await openService(page, testInfo, 'article-generator');
  // The model's state fails only once the request was refused (a server whose model just went away).
  let failed = false;
  await page.route('**/api/ai/status', (route) =>
    failed
      ? route.fulfill({
          json: {
            provider: 'local',
            model: 'tiny.gguf',
            state: 'failed',
            reason: 'the model file is missing',
            advice: 'Check LOCAL_MODEL and LOCAL_MODEL_SHA256.',
            retry: 'on-request',
          },
        })
      : route.fulfill({ json: { provider: 'local', model: 'tiny.gguf', state: 'ready' } }),
  );
  await page.route('**/api/generate-article', (route) => {
    failed = true;
    return route.fulfill({
      status: 503,
      json: {
        error: {
          code: 'unavailable:model_missing',
          message: 'No AI model is available: the model file is missing. Configure a provider: …',
        },
      },
    });
  });
  await page.getByLabel('Article Topic').fill('A topic');
  await page.getByRole('button', { name: 'Generate Article', exact: true }).click();

  const banner = page.getByTestId('model-status');
  await expect(banner).toContainText(
    'The AI model is not available yet. Your administrator has been told how to fix it.',
  );
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to fetch results' })).toHaveCount(0);
  await expect(page.getByTestId('model-status')).toHaveCount(1);
  await banner.getByText('Details for the administrator').click();
  await expect(banner).toContainText('No AI model is available: the model file is missing.');
  await expect(page.getByLabel('Article Topic')).toHaveValue('A topic');
});
