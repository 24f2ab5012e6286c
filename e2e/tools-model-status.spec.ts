import { expect, test } from '@playwright/test';
import {
  type ModelFileServer,
  startModelFileServer,
  TINY_MODEL_SHA256,
} from '#tests/fakes/model-file-server';
import { createAccount, newAccount, signInThroughForm } from './support/accounts.ts';
import { type OwnServer, startOwnServer } from './support/app-server.ts';
import { toolOutput } from './support/service-helpers.ts';
import { shot } from './support/shots.ts';
import { emulateTheme } from './support/theme.ts';

/**
 * The local model's state on a tool page (docs/product.md §2), on a server of its own whose model comes
 * from the fake model file server: a download that fails shows one banner before the form is filled,
 * with the reason and the advice behind 'Details for the administrator'; sending a request then tries again and waits, the banner follows the download (and
 * says a request may be sent meanwhile), and a request waiting for the model is answered once it is ready.
 */
test.describe('the model banner on a tool page', () => {
  let files: ModelFileServer;
  let server: OwnServer;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    files = await startModelFileServer();
    files.failWith(503); // no model to be had at first: the download fails
    server = await startOwnServer({
      name: 'model',
      env: {
        AI_PROVIDER: 'local',
        LOCAL_MODEL: files.url,
        LOCAL_MODEL_SHA256: TINY_MODEL_SHA256,
        LOCAL_MODEL_THREADS: '1',
        LOCAL_MODEL_CONTEXT: '1024',
        AI_MAX_OUTPUT_TOKENS: '32',
      },
    });
    base = server.base;
  });
  test.afterAll(async () => {
    await server?.stop();
    await files?.close();
  });

  test('shows the failure before the form is filled, then the download, then the answer', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    const account = newAccount(testInfo);
    await createAccount(page.request, account, base);
    await page.goto(`${base}/signin`);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`${base}/`);
    await page.goto(`${base}/services/article-generator`);

    const banner = page.getByTestId('model-status');
    await expect(banner).toHaveAttribute('role', 'status');
    await expect(banner).toHaveAttribute('aria-live', 'polite');
    // One banner, in words for the person; the administrator's details behind a disclosure.
    await expect(banner).toContainText(
      'The AI model is not available yet. Your administrator has been told how to fix it.',
      { timeout: 20_000 },
    );
    await expect(banner).toContainText('Sending a request tries again now.');
    await expect(page.getByTestId('model-status')).toHaveCount(1);
    const details = banner.getByText('Details for the administrator');
    const reason = banner.getByText(
      'No AI model is available: model download failed: HTTP 503 from http://127.0.0.1:',
    );
    const advice = banner.getByText('Check that the server can reach');
    await expect(reason).toBeHidden();
    await expect(advice).toBeHidden();
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(page, theme);
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        // Below 1024 px the sidebar slides away: the shot waits until it is gone.
        if (width < 1024) await expect(page.locator('#service-sidebar')).not.toBeInViewport();
        await shot(page, testInfo, `model-failed-${width}-${theme}.png`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await emulateTheme(page, 'light');
    await details.click();
    await expect(reason).toBeVisible();
    await expect(advice).toBeVisible();
    await shot(page, testInfo, 'model-failed.png');
    await details.click();
    await expect(reason).toBeHidden();

    // The network is back, slowly: sending the request starts the download again at once, and it waits.
    files.failWith(null);
    files.setChunkDelay(600);
    const topic = page.getByLabel('Article Topic');
    await topic.fill('Self-hosting a writing assistant');
    await page.getByRole('button', { name: 'Generate Article' }).click();
    await expect(banner).toContainText(/The model is downloading \(\d{1,2}%\)\./);
    await expect(banner).toContainText('Your request starts as soon as the model is ready.');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();

    // A fresh page (the waiting request is dropped when its page goes): the form is usable meanwhile.
    await page.reload();
    await expect(banner).toContainText(/The model is downloading \(\d{1,2}%\)\./);
    await expect(banner).toContainText(
      'You can send your request now; it starts as soon as the model is ready.',
    );
    const bar = banner.getByRole('progressbar', { name: 'Model download' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 })
      .toBeGreaterThan(10);
    await expect(banner).toContainText(/\d\.\d MB of \d\.\d MB/);
    await expect(topic).toBeEnabled();
    await shot(page, testInfo, 'model-downloading.png');

    await topic.fill('Self-hosting a writing assistant');
    await page.getByRole('button', { name: 'Generate Article' }).click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    // The rest arrives quickly: the model loads, the waiting request is answered, the banner goes.
    files.setChunkDelay(0);
    await expect(page.getByRole('button', { name: 'New request' })).toBeVisible({ timeout: 60_000 });
    await expect(toolOutput(page)).not.toBeEmpty();
    await expect(banner).toBeHidden();
  });
});
