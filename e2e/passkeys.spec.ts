import { expect, type Page, test } from '@playwright/test';
import { accessToken, createAccount, newAccount, signInThroughForm } from './support/accounts.ts';
import { type OwnServer, startOwnServer, UNUSED_AI_ENV } from './support/app-server.ts';

/**
 * Passkeys with Chromium's virtual authenticator (CDP WebAuthn). WebAuthn needs a secure context and a
 * domain as relying party (never an IP address), so this spec runs its own server at
 * http://localhost:<port> (PUBLIC_URL): the relying party is `localhost`.
 */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test.describe('passkeys', () => {
  let server: OwnServer;
  let base: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startOwnServer({ name: 'passkeys', host: 'localhost', env: UNUSED_AI_ENV });
    base = server.base;
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a user adds a passkey on /account, signs out, and signs in with it', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    const authenticator = await virtualAuthenticator(page);
    const account = newAccount(testInfo);
    await createAccount(page.request, account, base);
    await page.goto(`${base}/signin`);
    await signInThroughForm(page, account);
    await expect(page).toHaveURL(`${base}/`);

    await page.goto(`${base}/account`);
    const section = page.getByRole('region', { name: 'Passkeys' });
    await expect(section.getByText('No passkeys yet.')).toBeVisible();
    await section.getByLabel('Passkey name').fill('Virtual key');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    const list = section.getByRole('list', { name: 'Passkeys' });
    await expect(list.getByText('Virtual key', { exact: true })).toBeVisible();
    expect(await authenticator.credentials()).toHaveLength(1);

    // Renamed in place.
    await list.getByRole('button', { name: 'Rename Virtual key' }).click();
    await list.getByLabel('New name').fill('Laptop');
    await list.getByRole('button', { name: 'Save' }).click();
    await expect(list.getByText('Laptop', { exact: true })).toBeVisible();

    // Sign out (the protected page sends the browser to /signin), then back in with the passkey alone:
    // back to the page the user was on.
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(`${base}/signin`);
    expect(await accessToken(page)).toBeNull();

    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(`${base}/account`);
    await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
    expect(await accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // Removed after a confirmation: it no longer signs in.
    await list.getByRole('button', { name: 'Remove Laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click();
    await expect(section.getByText('No passkeys yet.')).toBeVisible();
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(`${base}/signin`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByText(/This passkey is not registered on this server/)).toBeVisible();
    await expect(page).toHaveURL(`${base}/signin`);
  });
});
