import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, requestToken, TEST_ORIGIN } from '#tests/factories/account';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/** Redis-backed revocations too when TEST_REDIS_URL is set: a sign-out on one instance holds on another. */
const stores = process.env.TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];

describe.each(stores)('bearer tokens end with their session (%s)', (store) => {
  let t: TestApp;
  let other: TestApp | undefined;
  const redisUrl = store === 'redis' ? process.env.TEST_REDIS_URL : undefined;
  beforeAll(async () => {
    t = await createTestApp('pglite', { REDIS_URL: redisUrl });
    // A second instance sharing Redis and the secret (its own database: tokens are verified alone).
    if (redisUrl) other = await createTestApp('pglite', { REDIS_URL: redisUrl });
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  const signedIn = async () => {
    const account = await createAccount(t.app);
    const minted = await requestToken(t.app, account.cookie, account.email);
    expect(minted.statusCode).toBe(200);
    return { ...account, headers: { authorization: `Bearer ${minted.json().token}` } };
  };
  const history = (app: TestApp, uid: string, headers: Record<string, string>) =>
    app.app.inject({ method: 'GET', url: `/api/history/${uid}`, headers });

  it('refuses a token once its session signed out', async () => {
    const account = await signedIn();
    expect((await history(t, account.uid, account.headers)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
    });
    expect(out.statusCode).toBe(200);

    const after = await history(t, account.uid, account.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({
      code: 'unauthorized:token',
      message: 'Your session has ended. Please sign in again.',
    });
    if (other) expect((await history(other, account.uid, account.headers)).statusCode).toBe(401);
  });

  it('keeps the tokens of the user’s other sessions', async () => {
    const account = await signedIn();
    const secondSession = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: account.email, password: account.password },
    });
    const cookie = secondSession.headers['set-cookie'];
    const secondCookie = (Array.isArray(cookie) ? cookie : [cookie ?? ''])
      .map((c) => c.split(';')[0])
      .join('; ');
    const minted = await requestToken(t.app, secondCookie, account.email);
    const secondHeaders = { authorization: `Bearer ${minted.json().token}` };

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
    });
    expect((await history(t, account.uid, account.headers)).statusCode).toBe(401);
    expect((await history(t, account.uid, secondHeaders)).statusCode).toBe(200);
  });

  it('refuses every token of a user whose sessions were all revoked', async () => {
    const account = await signedIn();
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-sessions',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await history(t, account.uid, account.headers)).statusCode).toBe(401);
  });

  it('refuses a token without a session id (minted before revocation existed, or forged)', async () => {
    const account = await signedIn();
    const unsigned = await t.app.accessTokens.sign({ sub: account.uid, email: account.email, sid: '' });
    // An empty session id is as good as none: never in a revocation list, so it must not pass either.
    const res = await history(t, account.uid, { authorization: `Bearer ${unsigned.token}` });
    expect(res.statusCode).toBe(401);
  });
});
