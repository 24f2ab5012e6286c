import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user as userTable } from '#server/db/schema';
import { cookieHeader, requestToken, TEST_ORIGIN } from '#tests/factories/account';
import { type FakeOAuthServer, startOAuthServer } from '#tests/fakes/oauth-server';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/** Follows one social sign-in: our server → the OAuth server's /authorize → our callback. */
async function socialSignIn(t: TestApp, provider: 'google' | 'github', callbackURL: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: { provider, callbackURL, errorCallbackURL: '/signin' },
  });
  expect(start.statusCode, start.body).toBe(200);
  const { url, redirect } = start.json() as { url: string; redirect: boolean };
  expect(redirect).toBe(true);

  const authorize = await fetch(url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = new URL(authorize.headers.get('location') ?? '');
  expect(callback.pathname).toBe(`/api/auth/callback/${provider}`);

  const done = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieHeader(start) },
  });
  return { authorizeUrl: new URL(url), done };
}

describe.each(testDatabaseKinds())('social sign-in (%s)', (kind) => {
  let oauth: FakeOAuthServer;
  let t: TestApp;
  beforeAll(async () => {
    oauth = await startOAuthServer();
    t = await createTestApp(kind, {
      GOOGLE_CLIENT_ID: 'draftsmith-google',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_OAUTH_URL: oauth.url,
      GITHUB_CLIENT_ID: 'draftsmith-github',
      GITHUB_CLIENT_SECRET: 'github-secret',
      GITHUB_OAUTH_URL: oauth.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await oauth?.stop();
  });

  it('reports both providers as configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ socialProviders: { google: true, github: true } });
  });

  it('signs in with Google through the OAuth server and returns to the page the user came from', async () => {
    oauth.setUser({
      id: 'google-sub-1',
      email: 'Ada.Google@example.test',
      name: 'Ada Google',
      emailVerified: true,
    });
    const { authorizeUrl, done } = await socialSignIn(t, 'google', '/services/code-explainer');
    expect(authorizeUrl.origin).toBe(new URL(oauth.url).origin);
    expect(authorizeUrl.searchParams.get('client_id')).toBe('draftsmith-google');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');

    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/services/code-explainer');
    const cookie = cookieHeader(done);
    expect(cookie).toContain('better-auth.session_token=');

    const token = await requestToken(t.app, cookie, 'ada.google@example.test');
    expect(token.statusCode, token.body).toBe(200);
    const headers = { authorization: `Bearer ${token.json().token}` };

    const created = await t.app.inject({ method: 'POST', url: '/api/users', headers, payload: {} });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({
      email: 'ada.google@example.test',
      displayName: 'Ada Google',
    });
    const again = await t.app.inject({ method: 'POST', url: '/api/users', headers, payload: {} });
    expect(again.statusCode).toBe(200);
  });

  it('signs in with GitHub, and a second sign-in reuses the same account', async () => {
    oauth.setUser({
      id: '9001',
      email: 'grace@example.test',
      name: 'Grace Hub',
      picture: 'https://img.example.test/g.png',
    });
    const first = await socialSignIn(t, 'github', '/services/article-generator');
    expect(first.done.statusCode).toBe(302);
    expect(first.done.headers.location).toBe('/services/article-generator');
    const firstToken = await requestToken(t.app, cookieHeader(first.done), 'grace@example.test');
    const uid = firstToken.json().token && JSON.parse(atob(firstToken.json().token.split('.')[1])).sub;

    const second = await socialSignIn(t, 'github', '/');
    const secondToken = await requestToken(t.app, cookieHeader(second.done), 'grace@example.test');
    expect(secondToken.statusCode).toBe(200);
    expect(JSON.parse(atob(secondToken.json().token.split('.')[1])).sub).toBe(uid);

    const user = await t.app.inject({
      method: 'GET',
      url: `/api/users/${uid}`,
      headers: { authorization: `Bearer ${secondToken.json().token}` },
    });
    expect(user.json().user).toMatchObject({
      displayName: 'Grace Hub',
      photoURL: 'https://img.example.test/g.png',
    });
  });

  it('sends a disabled account back to sign-in with a code the page explains', async () => {
    oauth.setUser({ id: '9100', email: 'banned.social@example.test', name: 'Banned Social' });
    const first = await socialSignIn(t, 'github', '/');
    const uid = JSON.parse(
      atob(
        (await requestToken(t.app, cookieHeader(first.done), 'banned.social@example.test'))
          .json()
          .token.split('.')[1],
      ),
    ).sub;
    await t.app.database.db.update(userTable).set({ banned: true }).where(eq(userTable.id, uid));

    const again = await socialSignIn(t, 'github', '/');
    expect(again.done.statusCode).toBe(302);
    const back = new URL(again.done.headers.location as string, TEST_ORIGIN);
    expect(back.pathname).toBe('/signin');
    expect(back.searchParams.get('error')).toBe('BANNED_USER');
    expect(cookieHeader(again.done)).not.toContain('session_token');
  });

  it('signs in with a provider whose name is too long and whose picture is unusable: cut and dropped', async () => {
    const longName = `Augusta Ada King, Countess of Lovelace ${'and more '.repeat(40)}`;
    oauth.setUser({
      id: 'google-sub-long',
      email: 'countess@example.test',
      name: longName,
      picture: 'javascript:alert(document.cookie)',
    });
    const { done } = await socialSignIn(t, 'google', '/');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const token = await requestToken(t.app, cookieHeader(done), 'countess@example.test');
    expect(token.statusCode, token.body).toBe(200);
    const uid = JSON.parse(atob(token.json().token.split('.')[1])).sub;
    const user = await t.app.inject({
      url: `/api/users/${uid}`,
      headers: { authorization: `Bearer ${token.json().token}` },
    });
    expect(user.json().user).toMatchObject({
      displayName: longName.slice(0, 50).trim(),
      photoURL: '/images/default-avatar.svg',
    });
  });

  it('does not link a social identity to an unverified e-mail/password account with the same address', async () => {
    const email = 'taken@example.test';
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'squatter', email, password: 'Secret#123' },
    });
    expect(signUp.statusCode).toBe(200);
    oauth.setUser({ id: 'victim-sub', email, name: 'Real Owner', emailVerified: true });
    const { done } = await socialSignIn(t, 'google', '/services/code-explainer');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toMatch(/^\/signin\?error=/);
    expect(cookieHeader(done)).not.toContain('session_token=');
  });

  it('refuses a callback URL on another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider: 'google', callbackURL: 'https://evil.example/steal' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBeTruthy();
  });
});

describe.each(testDatabaseKinds())('social sign-in without credentials (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('reports no provider as configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ socialProviders: { google: false, github: false } });
  });

  it.each([
    ['google', 'Google sign-in is not configured on this server.'],
    ['github', 'GitHub sign-in is not configured on this server.'],
  ])('explains that %s is not configured', async (provider, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider, callbackURL: '/' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request:provider_not_configured');
    expect(res.json().error.message).toContain(message);
  });

  it('rejects an unknown provider', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: TEST_ORIGIN },
      payload: { provider: 'facebook' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request:provider_unknown');
  });
});
