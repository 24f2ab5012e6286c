import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountFields, createAccount, signIn, signUp } from '#tests/factories/account';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/** Redis-backed counters too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379). */
const stores = process.env.TEST_REDIS_URL ? ['memory', 'redis'] : ['memory'];
const cases = testDatabaseKinds().flatMap((kind) => stores.map((store) => [kind, store] as const));

/** A sign-in with a wrong password from `ip`. */
const wrongSignIn = (t: TestApp, ip: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: ip,
    headers: { origin: 'http://localhost:3000' },
    payload: { email, password: 'Wrong#1234' },
  });

describe.each(cases)('auth rate limits (%s, %s counters)', (kind, store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      AUTH_RATE_LIMIT_PER_IP: '3',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '4',
      REDIS_URL: store === 'redis' ? process.env.TEST_REDIS_URL : undefined,
    });
    // Counters outlive a run in Redis: start from zero (only this app's keys are touched).
    const redis = t.app.redis;
    if (redis) {
      const keys = await redis.keys('draftsmith:rate-limit:*');
      if (keys.length > 0) await redis.del(...keys);
    }
  });
  afterAll(() => t?.close());

  const attempt = (ip: string, email: string) => wrongSignIn(t, ip, email);

  it('limits sign-in attempts per IP with a message saying when to retry', async () => {
    const email = accountFields().email;
    for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1', email)).statusCode).toBe(401);
    const limited = await attempt('10.0.0.1', accountFields().email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limit:sign_in');
    expect(limited.json().error.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds?\.$/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Another address is not affected, and sign-up is counted apart from sign-in.
    expect((await attempt('10.0.0.2', email)).statusCode).toBe(401);
    const signUpReply = await signUp(t.app, accountFields(), {});
    expect(signUpReply.statusCode).toBe(200);
  });

  it('limits sign-up attempts per IP', async () => {
    const ip = '10.2.0.1';
    const replies = [];
    for (let i = 0; i < 4; i++) {
      replies.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          remoteAddress: ip,
          headers: { origin: 'http://localhost:3000' },
          payload: accountFields(),
        }),
      );
    }
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
    expect(replies[3]?.json().error.message).toMatch(
      /^Too many sign-up attempts\. Try again in \d+ seconds?\.$/,
    );
  });
});

describe('auth rate limits switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { AUTH_RATE_LIMIT_PER_IP: '0', AUTH_RATE_LIMIT_PER_ACCOUNT: '0' });
  });
  afterAll(() => t?.close());

  it('lets every attempt through when both limits are 0', async () => {
    const email = accountFields().email;
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'Wrong#1234' },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe.each(stores)('failed sign-ins per address (%s counters)', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '4',
      REDIS_URL: store === 'redis' ? process.env.TEST_REDIS_URL : undefined,
    });
  });
  afterAll(() => t?.close());

  const attempt = (ip: string, email: string) => wrongSignIn(t, ip, email);

  it('blocks an address after too many failures from one IP, but not its owner elsewhere', async () => {
    const account = await createAccount(t.app);
    for (let i = 0; i < 4; i++) expect((await attempt('10.1.0.1', account.email)).statusCode).toBe(401);
    const limited = await attempt('10.1.0.1', account.email.toUpperCase());
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^Too many sign-in attempts\. Try again in \d+ (seconds|minutes)\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    // Ten wrong passwords from a stranger do not lock the owner out: from their own address they get in.
    const right = await signIn(t.app, account, {});
    expect(right.statusCode).toBe(200);
  });

  it('counts only failures: a successful sign-in gives its attempt back', async () => {
    const account = await createAccount(t.app);
    const ip = '10.3.0.1';
    const right = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { origin: 'http://localhost:3000' },
        payload: { email: account.email, password: account.password },
      });
    for (let i = 0; i < 3; i++) expect((await attempt(ip, account.email)).statusCode).toBe(401);
    expect((await right()).statusCode).toBe(200);
    // Had the success been counted, the limit of 4 would be reached already.
    expect((await attempt(ip, account.email)).statusCode).toBe(401);
    expect((await attempt(ip, account.email)).statusCode).toBe(429);
  });

  it('slows down, rather than blocks, an address attacked from many IPs', async () => {
    const account = await createAccount(t.app);
    for (let i = 0; i < 4; i++) expect((await attempt(`10.4.0.${i}`, account.email)).statusCode).toBe(401);
    const started = performance.now();
    const slowed = await attempt('10.4.0.9', account.email);
    expect(slowed.statusCode).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    const owner = await signIn(t.app, account, {});
    expect(owner.statusCode).toBe(200);
  });

  it('makes guesses from many addresses at once take turns on an attacked address', async () => {
    const account = await createAccount(t.app);
    for (let i = 0; i < 4; i++) expect((await attempt(`10.5.0.${i}`, account.email)).statusCode).toBe(401);
    const started = performance.now();
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(`10.6.0.${i}`, account.email)),
    );
    const elapsed = performance.now() - started;
    expect(replies.map((r) => r.statusCode)).toEqual(Array(12).fill(401));
    // One turn of at least 250 ms each, one after the other: not twelve waits side by side.
    expect(elapsed).toBeGreaterThanOrEqual(12 * 250 - 50);
  });

  it('lets no more guesses through than the limit, however many arrive at once', async () => {
    const account = await createAccount(t.app);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '10.9.0.1',
          headers: { origin: 'http://localhost:3000' },
          payload: { email: account.email, password: 'Wrong#1234' },
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
  });
});

describe.each([
  ['a hop count', '1'],
  ['proxy addresses', '127.0.0.1,::1'],
])('behind a proxy trusted by %s', (_label, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { TRUST_PROXY: trustProxy, AUTH_RATE_LIMIT_PER_IP: '3' });
  });
  afterAll(() => t?.close());

  it('counts the address the proxy saw, not one the client forged in X-Forwarded-For', async () => {
    const email = accountFields().email;
    const viaProxy = (forged: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '127.0.0.1',
        headers: { origin: 'http://localhost:3000', 'x-forwarded-for': `${forged}, 203.0.113.7` },
        payload: { email, password: 'Wrong#1234' },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await viaProxy(`198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
