import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, requestToken } from '#tests/factories/account';
import { createUser } from '#tests/factories/user';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

describe.each(testDatabaseKinds())('POST /api/jwt and bearer tokens (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never mints a token for an e-mail address alone', async () => {
    const account = await createAccount(t.app);
    const res = await requestToken(t.app, undefined, account.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'unauthorized:session',
      message: 'You are not signed in. Sign in, then ask for a token again.',
    });
  });

  it('refuses a forged session cookie', async () => {
    const account = await createAccount(t.app);
    const res = await requestToken(t.app, 'better-auth.session_token=forged.value', account.email);
    expect(res.statusCode).toBe(401);
  });

  it('refuses a session whose e-mail is not the one asked for', async () => {
    const ada = await createAccount(t.app);
    const grace = await createAccount(t.app);
    const res = await requestToken(t.app, ada.cookie, grace.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('This e-mail address is not the one you are signed in with.');
  });

  it('answers an invalid e-mail in the body with 400', async () => {
    const account = await createAccount(t.app);
    const res = await requestToken(t.app, account.cookie, 'nope');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('Invalid email address');
  });

  it('rejects an expired token with 401', async () => {
    const user = await createUser(t.app);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60_000);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}`, headers: user.headers });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'unauthorized:token',
      message: 'Your session has expired. Please sign in again.',
    });
  });

  it.each([
    [
      'a changed payload',
      (token: string) => {
        const [header, payload, signature] = token.split('.');
        const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
        const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
        return `${header}.${forged}.${signature}`;
      },
    ],
    ['a changed signature', (token: string) => `${token.slice(0, -4)}AAAA`],
    [
      'an unsigned token',
      (token: string) => {
        const [, payload] = token.split('.');
        const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
        return `${header}.${payload}.`;
      },
    ],
    ['garbage', () => 'not-a-jwt'],
  ])('rejects %s with 401', async (_label, tamper) => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.uid}`,
      headers: { authorization: `Bearer ${tamper(user.token)}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized:token');
  });

  it('rejects a protected call without a token with 401', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${user.uid}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized:auth');
  });
});
