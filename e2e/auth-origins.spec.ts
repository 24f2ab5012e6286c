import { hostname } from 'node:os';
import { type Browser, type BrowserType, expect, test } from '@playwright/test';
import { accessToken, newAccount, signInThroughForm, signUpThroughForm } from './support/accounts.ts';
import { type OwnServer, startOwnServer } from './support/app-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium.ts';

/**
 * The addresses a self-hoster opens (docs/auth.md, "Origins"): with PUBLIC_URL unset, each of
 * localhost, 127.0.0.1, [::1] and the machine's name signs up and in on the first try, and a site whose
 * name was rebound to this machine gets the server's advice instead of an account; with PUBLIC_URL set,
 * another address gets the server's advice on the sign-up screen.
 */
/** A name rebound to this machine, as a DNS rebinding attack makes a visitor's browser resolve it. */
const REBOUND_NAME = 'evil.example';

/** Chromium resolving REBOUND_NAME and this machine's name to 127.0.0.1, as a DNS server would. */
function launchResolvingNames(chromium: BrowserType): Promise<Browser> {
  const rules = [REBOUND_NAME, hostname()].map((name) => `MAP ${name} 127.0.0.1`).join(', ');
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=${rules}`],
  });
}

test.describe('a server without PUBLIC_URL', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  let port: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startOwnServer({
      name: 'origins',
      // '::' listens on IPv6 and IPv4 alike, as HOST=0.0.0.0 would on a LAN; PUBLIC_URL '' is unset.
      env: { HOST: '::', PUBLIC_URL: '' },
    });
    port = server.port;
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
    test(`signs up and in at http://${host}:<port> on the first try`, async ({ page }, testInfo) => {
      const origin = `http://${host}:${port}`;
      const account = newAccount(testInfo);
      await page.goto(`${origin}/signup`);
      await signUpThroughForm(page, account);
      await expect(page.getByText('User created successfully, please sign in')).toBeVisible();
      await expect(page).toHaveURL(`${origin}/signin`);

      await signInThroughForm(page, account);
      await expect(page).toHaveURL(`${origin}/`);
      expect(await accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    });
  }

  test('signs up and in at http://<this machine’s name>:<port>', async ({ playwright }, testInfo) => {
    const browser = await launchResolvingNames(playwright.chromium);
    try {
      const page = await browser.newPage();
      const origin = new URL(`http://${hostname()}:${port}`).origin;
      const account = newAccount(testInfo);
      await page.goto(`${origin}/signup`);
      await signUpThroughForm(page, account);
      await expect(page.getByText('User created successfully, please sign in')).toBeVisible();
      await signInThroughForm(page, account);
      await expect(page).toHaveURL(`${origin}/`);
      expect(await accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    } finally {
      await browser.close();
    }
  });

  test('gives a site whose name was rebound to this machine the advice, not an account', async ({
    playwright,
  }, testInfo) => {
    const browser = await launchResolvingNames(playwright.chromium);
    try {
      const page = await browser.newPage();
      const used = `http://${REBOUND_NAME}:${port}`;
      await page.goto(`${used}/signup`);
      await signUpThroughForm(page, newAccount(testInfo));

      const message = `This server was opened at ${used}, a name it does not know as its own. Set PUBLIC_URL to the address you use, or add ${used} to TRUSTED_ORIGINS.`;
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByText('User created successfully, please sign in')).toHaveCount(0);
      expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContainEqual(
        expect.stringContaining('session_token'),
      );
      await page.screenshot({ path: testInfo.outputPath('origin-rebound.png') });
    } finally {
      await browser.close();
    }
  });
});

test.describe('a server with PUBLIC_URL, opened at another address', () => {
  test('says on the sign-up screen which address to open and what to set', async ({ page }, testInfo) => {
    // The shared e2e server has PUBLIC_URL=http://127.0.0.1:<port>; localhost is another origin.
    const expected = new URL(process.env.E2E_BASE_URL ?? '').origin;
    const used = `http://localhost:${new URL(expected).port}`;
    await page.goto(`${used}/signup`);
    await signUpThroughForm(page, newAccount(testInfo));

    const message = `This server expects ${expected} but was opened at ${used}. Open it at ${expected}, or add ${used} to TRUSTED_ORIGINS.`;
    await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText('User creation failed, please try again')).toHaveCount(0);
    await expect(page).toHaveURL(`${used}/signup`);

    await page.screenshot({ path: testInfo.outputPath('origin-mismatch.png') });
  });
});
