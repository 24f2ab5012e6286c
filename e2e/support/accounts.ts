import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';

export const STRONG_PASSWORD = 'Draft$mith2024';

/** The end-to-end server's administrator (ADMIN_EMAILS, global-setup.ts); admin.spec.ts signs it up. */
export const E2E_ADMIN_EMAIL = 'e2e-admin@example.test';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

/** A fresh account per test: workers and retries never share one. */
export function newAccount(testInfo: TestInfo, overrides: Partial<TestAccount> = {}): TestAccount {
  const id = `${testInfo.workerIndex}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}`;
  return {
    username: `E2E User ${id}`,
    email: `e2e-${id}@example.test`,
    password: STRONG_PASSWORD,
    ...overrides,
  };
}

function origin(): string {
  const base = process.env.E2E_BASE_URL;
  if (!base) throw new Error('E2E_BASE_URL is not set');
  return base;
}

/**
 * Creates the account through the API the sign-up form uses (better-auth, /api/jwt, /api/users) and
 * leaves `request` (the page's own, so the browser shares the cookie) signed out again. `base` is the
 * server's address (a spec's own server; the shared one by default).
 */
export async function createAccount(request: APIRequestContext, account: TestAccount, base = origin()) {
  const headers = { origin: base };
  const signUp = await request.post(`${base}/api/auth/sign-up/email`, {
    headers,
    data: { name: account.username, email: account.email, password: account.password },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const jwt = await request.post(`${base}/api/jwt`, { headers, data: { email: account.email } });
  expect(jwt.status()).toBe(200);
  const { token } = (await jwt.json()) as { token: string };
  const profile = await request.post(`${base}/api/users`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: { username: account.username },
  });
  expect(profile.status()).toBe(201);
  await request.post(`${base}/api/auth/sign-out`, { headers, data: {} });
}

/** Signs up through the form on /signup (the page must already be there), terms ticked. */
export async function signUpThroughForm(page: Page, account: TestAccount) {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel(/I agree to the Terms of Service/).check();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/** Signs in through the form on /signin (the page must already be there). */
export async function signInThroughForm(page: Page, account: TestAccount) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * How long a setup step waits for the app to show a signed-in page: the whole app loads, then the
 * session, token and profile calls; with two workers, the server and the browsers on 2 cores this took
 * 8–9 s in CI at busy moments (the signed-in page then showed, every call answered 200).
 */
export const SIGNED_IN_MS = 20_000;

/**
 * Signs `account` in through the API the sign-in form calls; the request context (a page's, which shares
 * the browser context's cookies, or one of its own) holds the session afterwards.
 */
export async function signInThroughApi(request: APIRequestContext, account: TestAccount, base = origin()) {
  const signIn = await request.post(`${base}/api/auth/sign-in/email`, {
    headers: { origin: base },
    data: { email: account.email, password: account.password },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
}

/**
 * A new account (a chosen username, if given), signed in, ending on `/`. Signed in through the API the
 * form calls (the browser context shares its cookie), not the form itself: the sign-in form has tests
 * of its own (auth-*.spec.ts), and the rest start signed in a second sooner.
 */
export async function signedInAccount(
  page: Page,
  testInfo: TestInfo,
  overrides: Partial<TestAccount> = {},
): Promise<TestAccount> {
  const account = newAccount(testInfo, overrides);
  await createAccount(page.request, account);
  await signInThroughApi(page.request, account);
  await page.goto('/');
  await expect(page.getByRole('button', { name: /Account menu/ })).toBeVisible({ timeout: SIGNED_IN_MS });
  return account;
}

export function accessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('access-token'));
}
