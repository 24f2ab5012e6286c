import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apikey } from '#server/db/schema';
import { createAccount, requestToken, TEST_ORIGIN, verifyEmail } from '#tests/factories/account';
import { createUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

const FREE = 3;
const ADMIN_EMAIL = 'keys-admin@example.test';
const DAY = 24 * 60 * 60;

type Account = Awaited<ReturnType<typeof createAccount>>;

/** POST /api/auth/api-key/create with the account's session cookie, as the account page does. */
function createKey(app: FastifyInstance, account: Account, body: Record<string, unknown> = { name: 'CLI' }) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/api-key/create',
    headers: { origin: TEST_ORIGIN, cookie: account.cookie },
    payload: body,
  });
}

async function newKey(app: FastifyInstance, account: Account, body?: Record<string, unknown>) {
  const res = await createKey(app, account, body);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; key: string; start: string; name: string; expiresAt: string | null };
}

function deleteKey(app: FastifyInstance, account: Account, keyId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/api-key/delete',
    headers: { origin: TEST_ORIGIN, cookie: account.cookie },
    payload: { keyId },
  });
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe.each(testDatabaseKinds())('personal API keys (%s)', (kind) => {
  let fake: FakeOpenAiServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: 'A short answer.' });
    t = await createTestApp(kind, {
      ...providerEnv(fake.url),
      FREE_GENERATIONS_PER_MONTH: String(FREE),
      AUTH_RATE_LIMIT_PER_IP: '0',
      ADMIN_EMAILS: ADMIN_EMAIL,
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const getUser = (uid: string, headers: Record<string, string>) =>
    t.app.inject({ url: `/api/users/${uid}`, headers });
  const generate = (headers: Record<string, string>, topic: string) =>
    t.app.inject({ method: 'POST', url: '/api/generate-article', headers, payload: { topic } });

  it("tells the web app the free plan's monthly generations (the pricing page's note)", async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.freePlan).toEqual({ generationsPerMonth: FREE });
  });

  it('shows the key once, stores only its hash, and lists it without the key', async () => {
    const account = await createAccount(t.app);
    const created = await newKey(t.app, account, { name: 'Editor plug-in', expiresIn: 30 * DAY });
    expect(created.key).toMatch(/^ds_[A-Za-z]{64}$/);
    expect(created.name).toBe('Editor plug-in');
    expect(created.start).toBe(created.key.slice(0, 6));
    expect(new Date(created.expiresAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * DAY * 1000);

    const [row] = await t.app.database.db.select().from(apikey).where(eq(apikey.id, created.id));
    expect(row?.referenceId).toBe(account.uid);
    expect(row?.key).not.toContain(created.key.slice(3));

    const listed = await t.app.inject({
      url: '/api/auth/api-key/list',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
    });
    expect(listed.statusCode).toBe(200);
    const { apiKeys } = listed.json() as { apiKeys: Record<string, unknown>[] };
    expect(apiKeys).toHaveLength(1);
    expect(apiKeys[0]).toMatchObject({ id: created.id, name: 'Editor plug-in', start: created.start });
    expect(apiKeys[0]).not.toHaveProperty('key');
    expect(listed.body).not.toContain(created.key);
  });

  it('works as a bearer token and as x-api-key on protected calls, for its owner only', async () => {
    const account = await createAccount(t.app);
    const { key } = await newKey(t.app, account);
    const made = await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(key), payload: {} });
    expect([200, 201]).toContain(made.statusCode);

    const viaBearer = await getUser(account.uid, bearer(key));
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json().user).toMatchObject({ uid: account.uid, email: account.email });
    const viaHeader = await getUser(account.uid, { 'x-api-key': key });
    expect(viaHeader.statusCode).toBe(200);
    expect(viaHeader.json().user.uid).toBe(account.uid);

    const other = await createUser(t.app);
    const refused = await getUser(other.uid, bearer(key));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden:user');

    // The key's last use is recorded for the list.
    const [row] = await t.app.database.db.select().from(apikey).where(eq(apikey.referenceId, account.uid));
    expect(row?.lastRequest).toBeInstanceOf(Date);
  });

  it('counts its generations against the owner’s plan', async () => {
    const account = await createAccount(t.app);
    const { key } = await newKey(t.app, account);
    await t.app.inject({ method: 'POST', url: '/api/users', headers: bearer(key), payload: {} });
    for (let i = 0; i < FREE; i++) {
      const headers = i % 2 === 0 ? bearer(key) : { 'x-api-key': key };
      const res = await generate(headers, `Keys ${i}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().article).toBe('A short answer.');
    }
    const over = await generate(bearer(key), 'One too many');
    expect(over.statusCode).toBe(402);
    expect(over.json().error.code).toBe('payment_required:quota');
    const usage = (await getUser(account.uid, bearer(key))).json().user.usage;
    expect(usage).toMatchObject({ used: FREE, limit: FREE });
    // The owner's own history has the chats.
    const history = await t.app.inject({ url: `/api/history/${account.uid}`, headers: bearer(key) });
    expect(history.json().history).toHaveLength(FREE);
  });

  it('stops working at once when revoked, and another user cannot revoke it', async () => {
    const account = await createAccount(t.app);
    const { id, key } = await newKey(t.app, account);
    expect((await getUser(account.uid, bearer(key))).statusCode).not.toBe(401);

    const stranger = await createAccount(t.app);
    const notTheirs = await deleteKey(t.app, stranger, id);
    expect(notTheirs.statusCode).toBe(404);
    expect((await getUser(account.uid, bearer(key))).statusCode).not.toBe(401);

    const revoked = await deleteKey(t.app, account, id);
    expect(revoked.statusCode).toBe(200);
    for (const headers of [bearer(key), { 'x-api-key': key }]) {
      const res = await getUser(account.uid, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized:api_key');
    }
  });

  it('refuses an expired key with 401', async () => {
    const account = await createAccount(t.app);
    const { id, key } = await newKey(t.app, account, { name: 'Short-lived', expiresIn: DAY });
    expect((await getUser(account.uid, bearer(key))).statusCode).not.toBe(401);
    await t.app.database.db
      .update(apikey)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apikey.id, id));
    const res = await getUser(account.uid, bearer(key));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: {
        code: 'unauthorized:api_key',
        message: 'This API key has expired. Create a new one on your account page.',
      },
    });
  });

  it('answers 401, never 500, to wrong and garbled keys', async () => {
    const account = await createAccount(t.app);
    const { key } = await newKey(t.app, account);
    const wrong = `${key.slice(0, -1)}${key.endsWith('a') ? 'b' : 'a'}`;
    const values = [
      wrong,
      'ds_',
      'ds_short',
      `ds_${'é'.repeat(64)}`,
      `ds_${'a'.repeat(5000)}`,
      `${key}.x.y`,
      'not-a-key',
      'a.b.c',
    ];
    for (const value of values) {
      for (const headers of [bearer(value), { 'x-api-key': value }]) {
        const res = await getUser(account.uid, headers);
        expect(res.statusCode, `${JSON.stringify(headers).slice(0, 60)}`).toBe(401);
        expect(res.json().error.code).toMatch(/^unauthorized:/);
      }
    }
  });

  it('ends a disabled account’s keys for good: enabling the account does not bring them back', async () => {
    const account = await createAccount(t.app);
    const { key } = await newKey(t.app, account);
    const admin = await createAccount(t.app, { email: ADMIN_EMAIL });
    await verifyEmail(t.app, admin.uid);
    const token = (await requestToken(t.app, admin.cookie, admin.email)).json().token as string;
    const setStatus = (action: 'disable' | 'enable') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${account.uid}/${action}`,
        headers: bearer(token),
      });
    expect((await setStatus('disable')).statusCode).toBe(200);
    const res = await getUser(account.uid, bearer(key));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized:api_key');
    // Disabling ended every credential (SECURITY.md, "What ends a credential"): enabling the account
    // again gives back the sign-in, not the keys made before.
    expect((await setStatus('enable')).statusCode).toBe(200);
    expect((await getUser(account.uid, { 'x-api-key': key })).statusCode).toBe(401);
  });

  it('takes only a name and an expiry from the client, and needs the session cookie', async () => {
    const account = await createAccount(t.app);
    const noName = await createKey(t.app, account, {});
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.message).toBe('Give the key a name.');
    const tooSoon = await createKey(t.app, account, { name: 'x', expiresIn: 60 });
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().error.message).toBe('A key lasts at least a day.');
    // A prefix of the client's own is dropped: every key starts with ds_.
    const prefixed = await newKey(t.app, account, { name: 'Mine', prefix: 'mine_' } as Record<
      string,
      unknown
    >);
    expect(prefixed.key.startsWith('ds_')).toBe(true);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/create',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Nobody' },
    });
    expect(anonymous.statusCode).toBe(401);
    // The server-only verify endpoint is not reachable.
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/verify',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
      payload: { key: prefixed.key },
    });
    expect(verify.statusCode).toBe(404);
  });

  it('renames a key and reads it back without the key', async () => {
    const account = await createAccount(t.app);
    const { id, key } = await newKey(t.app, account);
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/api-key/update',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
      payload: { keyId: id, name: 'Renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Renamed' });
    expect(renamed.body).not.toContain(key);
    const fetched = await t.app.inject({
      url: `/api/auth/api-key/get?id=${id}`,
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
    });
    expect(fetched.json()).toMatchObject({ id, name: 'Renamed' });
  });
});

/** Two instances sharing PostgreSQL and Redis: a key revoked on one is refused by the other at once. */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'revoking an API key across two instances (postgres + redis)',
  () => {
    let instances: TestInstances | undefined;
    beforeAll(async () => {
      instances = await createTestInstances(2, {
        PUBLIC_URL: 'http://localhost:3000',
        REDIS_URL: process.env.TEST_REDIS_URL,
      });
    });
    afterAll(async () => {
      await instances?.close();
    });

    it('refuses the key on the other instance right after the revocation', async () => {
      const [a, b] = (instances?.apps ?? []) as [FastifyInstance, FastifyInstance];
      const account = await createAccount(a);
      const { id, key } = await newKey(a, account);
      await b.inject({ method: 'POST', url: '/api/users', headers: bearer(key), payload: {} });
      expect((await b.inject({ url: `/api/users/${account.uid}`, headers: bearer(key) })).statusCode).toBe(
        200,
      );
      expect((await deleteKey(a, account, id)).statusCode).toBe(200);
      expect((await b.inject({ url: `/api/users/${account.uid}`, headers: bearer(key) })).statusCode).toBe(
        401,
      );
      expect(
        (await b.inject({ url: `/api/users/${account.uid}`, headers: { 'x-api-key': key } })).statusCode,
      ).toBe(401);
    });
  },
);
