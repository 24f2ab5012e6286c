import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#e2e/support/chromium';
import { installRenderProbe } from './page-probe.ts';
import type { Account } from './seed.ts';

/** The viewport of Playwright's 'Desktop Chrome': wide enough (≥ 1024 px) for the sidebar to be open. */
const VIEWPORT = { width: 1280, height: 720 };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Signs in through the form on /signin and keeps the session cookie and the access token. */
export async function signIn(browser: Browser, url: string, account: Account): Promise<StorageState> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(`${url}/signin`);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${url}/`);
    await page.waitForFunction(() => localStorage.getItem('access-token') !== null);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

export interface ProbedPage {
  page: Page;
  /** Elements in the document, and the page's JavaScript heap in use after a garbage collection (MiB). */
  figures(): Promise<{ domElements: number; heapMb: number }>;
  close(): Promise<void>;
}

/**
 * A new page in a context of its own (the signed-in user's cookie and token, an empty cache, its own
 * renderer), with the render probe installed before the app's scripts.
 */
export async function probedPage(browser: Browser, state: StorageState): Promise<ProbedPage> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: state });
  await context.addInitScript(installRenderProbe);
  const page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  return {
    page,
    async figures() {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);
      return { domElements, heapMb: usedSize / 1024 ** 2 };
    },
    close: () => context.close(),
  };
}
