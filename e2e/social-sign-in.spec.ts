import { expect, type Page, test } from '@playwright/test';
import { accessToken } from './support/accounts.ts';

/**
 * The OAuth redirect flow in Chromium against the local OAuth2/OIDC server that global setup starts
 * (tests/fakes/oauth-server.ts via e2e/support/extra-services.ts): our server → the provider's
 * /authorize → our callback → back to the page the user came from, signed in, with the first-time toast.
 * The fake signs in a new person on every authorization, so each test is a first sign-in.
 */
async function expectSignedIn(page: Page) {
  await expect(page.getByText('User created successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible();
  await expect.poll(() => accessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
}

test.describe('social sign-in round trip', () => {
  test('Google: a protected page → /signin → provider → back to that page, signed in', async ({ page }) => {
    const oauthHosts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/authorize?')) oauthHosts.push(new URL(request.url()).host);
    });

    await page.goto('/services/code-explainer');
    await expect(page).toHaveURL(/\/signin$/);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();

    await expect(page).toHaveURL(/\/services\/code-explainer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Code Explainer' })).toBeVisible();
    await expectSignedIn(page);
    // The browser really went through the OAuth server, not around it.
    expect(oauthHosts).toHaveLength(1);
    expect(oauthHosts[0]).not.toBe(new URL(page.url()).host);

    // The session survives a reload, and the token belongs to the signed-in user.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Code Explainer' })).toBeVisible();
    const uid = await page.evaluate(() => {
      const token = localStorage.getItem('access-token') ?? '';
      return (JSON.parse(atob(token.split('.')[1] ?? '')) as { sub: string }).sub;
    });
    const me = await page.request.get(`/api/users/${uid}`, {
      headers: { authorization: `Bearer ${await accessToken(page)}` },
    });
    expect(me.status()).toBe(200);
    expect((await me.json()).user.displayName).toMatch(/^Social Writer /);
  });

  test('GitHub from the sign-up screen lands on the home page, signed in', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign up with GitHub' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);
  });
});
