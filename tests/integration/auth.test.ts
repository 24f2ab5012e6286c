import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountFields,
  cookieHeader,
  createAccount,
  requestToken,
  signIn,
  signUp,
  TEST_ORIGIN,
} from '#tests/factories/account';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

describe.each(testDatabaseKinds())('accounts (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('signs up, signs in, trades the session for a token and reads the user', async () => {
    const account = accountFields({ name: '  Ada Lovelace  ' });
    const created = await signUp(t.app, account);
    expect(created.statusCode, created.body).toBe(200);
    const uid = created.json().user.id as string;
    expect(created.json().user.name).toBe('Ada Lovelace');

    const session = await signIn(t.app, { email: account.email.toUpperCase(), password: account.password });
    expect(session.statusCode, session.body).toBe(200);
    const cookies = session.headers['set-cookie'];
    expect(Array.isArray(cookies) ? cookies.join() : cookies).toMatch(
      /better-auth\.session_token=.*HttpOnly/,
    );

    const token = await requestToken(t.app, cookieHeader(session), account.email);
    expect(token.statusCode, token.body).toBe(200);
    const { token: jwt, expiresAt } = token.json() as { token: string; expiresAt: number };
    expect(expiresAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 60 * 60_000);

    const user = await t.app.inject({
      method: 'GET',
      url: `/api/users/${uid}`,
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      user: {
        uid,
        email: account.email,
        displayName: 'Ada Lovelace',
        photoURL: '/images/default-avatar.svg',
        subscription: 'free',
        usage: { used: 0, limit: expect.any(Number), periodEnd: expect.any(String) },
        admin: false,
        billing: { managed: false, cancelAtPeriodEnd: false },
        emailVerified: false,
        workspace: null,
      },
    });
  });

  it('signs out: the session cookie no longer buys a token', async () => {
    const account = await createAccount(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
    });
    expect(out.statusCode, out.body).toBe(200);
    const token = await requestToken(t.app, account.cookie, account.email);
    expect(token.statusCode).toBe(401);
  });

  it('answers a wrong password with 401 in the API error shape', async () => {
    const account = await createAccount(t.app);
    const res = await signIn(t.app, { email: account.email, password: 'Wrong#1234' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: { code: 'unauthorized:invalid_email_or_password', message: 'Invalid email or password' },
    });
  });

  it('refuses a second account with the same e-mail address', async () => {
    const account = await createAccount(t.app);
    const res = await signUp(t.app, accountFields({ email: account.email }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/already exists/i);
  });

  it.each([
    [{ name: '' }, 'Username is required'],
    [{ name: '   ' }, 'Username is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-address' }, 'Invalid email address'],
    [{ password: 'Ab#1' }, 'Password must be at least 6 characters'],
    [{ password: 'secret#123' }, 'Password must contain at least one uppercase letter'],
    [{ password: 'Secret#abc' }, 'Password must contain at least one numeric character'],
    [{ password: 'Secret1234' }, 'Password must contain at least one special character'],
  ])('sign-up with %j answers "%s"', async (override, message) => {
    const res = await signUp(t.app, accountFields(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request:validation', message } });
  });

  it('ignores a photo address sent at sign-up (photos are uploaded and checked)', async () => {
    const res = await signUp(t.app, { ...accountFields(), image: 'javascript:alert(1)' } as never);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.image).toBeNull();
  });

  it('accepts form-encoded sign-in bodies', async () => {
    const account = await createAccount(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: account.email,
        password: account.password,
        rememberMe: 'true',
      }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(cookieHeader(res)).toContain('better-auth.session_token=');
  });

  it.each([
    ['malformed JSON', 'application/json', '{"email": ', 'The request body is not valid JSON.'],
    ['an empty JSON body', 'application/json', '', 'The request body is empty; JSON was expected.'],
    ['a JSON array', 'application/json', '[1,2]', 'The request body must be a JSON object or a form.'],
  ])('answers %s with 400 and a message', async (_label, contentType, payload, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toMatch(/^unsupported_media_type:/);
  });

  it('refuses a cookie-bearing call from another origin', async () => {
    const account = await createAccount(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example', cookie: account.cookie },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden:origin');
  });
});
