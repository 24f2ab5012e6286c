import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncAdminRoles } from '#server/admin/admin-roles';
import { loadConfig } from '#server/config/config';
import { generationUsage, user as userTable } from '#server/db/schema';
import { ADMIN_USAGE_DAYS } from '#shared/admin';
import { createAccount, requestToken, signIn, verifyEmail } from '#tests/factories/account';
import { createUser } from '#tests/factories/user';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { createTestDatabase, testDatabaseKinds } from '#tests/helpers/test-database';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

const ADMIN_EMAIL = 'Boss@Example.test';
const DISABLED_MESSAGE =
  'This account has been disabled. Contact the administrator of this Draftsmith server if you think this is a mistake.';

/** An account signed up through better-auth, with its cookie and a bearer token. */
async function signedUp(app: FastifyInstance, email?: string) {
  const account = await createAccount(app, email ? { email } : {});
  const minted = await requestToken(app, account.cookie, account.email);
  expect(minted.statusCode).toBe(200);
  return { ...account, headers: { authorization: `Bearer ${minted.json().token}` } };
}

describe.each(testDatabaseKinds())('the admin API (%s)', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedUp>>;
  const clock = new Date('2026-05-20T10:00:00.000Z');

  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { ADMIN_EMAILS: ` someone@else.test, ${ADMIN_EMAIL.toLowerCase()} `, AUTH_RATE_LIMIT_PER_IP: '0' },
      {
        now: () => clock,
      },
    );
    // Any letter case of a listed address is an admin.
    admin = await signedUp(t.app, ADMIN_EMAIL);
    // The admin role needs a verified address (account-privileges.ts); its own test is below.
    await verifyEmail(t.app, admin.uid);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('tells an admin so in GET /api/users/:uid, and a user not', async () => {
    const me = await get(`/api/users/${admin.uid}`, admin.headers);
    expect(me.json().user.admin).toBe(true);
    const other = await signedUp(t.app);
    expect((await get(`/api/users/${other.uid}`, other.headers)).json().user.admin).toBe(false);
  });

  it('answers 403 to a signed-in user who is not an admin, and 401 without a token, on every admin route', async () => {
    const other = await signedUp(t.app);
    const calls = [
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: '/api/admin/users?query=a' },
      { method: 'PUT', url: `/api/admin/users/${other.uid}/plan`, payload: { plan: 'pro' } },
      { method: 'POST', url: `/api/admin/users/${admin.uid}/disable` },
      { method: 'POST', url: `/api/admin/users/${other.uid}/enable` },
      { method: 'GET', url: '/api/admin/usage' },
      // Other spellings reach the same routes (or none).
      { method: 'GET', url: '/api//admin/users' },
      { method: 'GET', url: '/API/admin/users' },
      { method: 'GET', url: '/api/admin/users/' },
      { method: 'GET', url: '/api/Admin/usage' },
    ] as const;
    for (const call of calls) {
      const refused = await t.app.inject({ ...call, headers: other.headers });
      expect([403, 404], `${call.method} ${call.url}`).toContain(refused.statusCode);
      if (refused.statusCode === 403) expect(refused.json().error.code).toBe('forbidden:admin');
      const anonymous = await t.app.inject({ ...call });
      expect([401, 404], `${call.method} ${call.url}`).toContain(anonymous.statusCode);
    }
    // The user's plan did not change and the admin is not disabled.
    expect((await get(`/api/users/${other.uid}`, other.headers)).json().user.subscription).toBe('free');
    expect((await get(`/api/users/${admin.uid}`, admin.headers)).statusCode).toBe(200);
  });

  it('gives the admin role only to a verified address, whatever REQUIRE_EMAIL_VERIFICATION says', async () => {
    for (const requireVerification of ['false', 'true']) {
      const app = await createTestApp(kind, {
        ADMIN_EMAILS: ADMIN_EMAIL,
        REQUIRE_EMAIL_VERIFICATION: requireVerification,
      });
      try {
        // Anyone may sign up with a listed address: until its link is opened it proves nothing.
        const claimed = await signedUp(app.app, ADMIN_EMAIL);
        const refused = await app.app.inject({ url: '/api/admin/users', headers: claimed.headers });
        expect(refused.statusCode, requireVerification).toBe(403);
        expect(refused.json().error).toEqual({
          code: 'forbidden:email_unverified',
          message:
            'Verify your e-mail address to use the administration pages. Open the link we sent you, or choose Resend to get a new one.',
        });
        const me = await app.app.inject({ url: `/api/users/${claimed.uid}`, headers: claimed.headers });
        expect(me.json().user.admin).toBe(false);

        await verifyEmail(app.app, claimed.uid);
        expect((await app.app.inject({ url: '/api/admin/users', headers: claimed.headers })).statusCode).toBe(
          200,
        );
        const verified = await app.app.inject({ url: `/api/users/${claimed.uid}`, headers: claimed.headers });
        expect(verified.json().user.admin).toBe(true);
      } finally {
        await app.close();
      }
    }
  });

  it('lists users newest first with their plan, usage and status, searches and pages', async () => {
    const tag = randomUUID().slice(0, 8);
    const made: Awaited<ReturnType<typeof createUser>>[] = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createUser(t.app, { email: `page-${tag}-${i}@example.test`, name: `Page ${tag} ${i}` }),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await t.app.database.db.insert(generationUsage).values(
      Array.from({ length: 3 }, () => ({
        userId: made[4]?.uid ?? '',
        generationId: randomUUID(),
        tool: 'code-explainer',
        status: 'used',
        createdAt: clock,
      })),
    );

    const first = await get(`/api/admin/users?query=${tag.toUpperCase()}&limit=2`, admin.headers);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.users.map((u: { email: string }) => u.email)).toEqual([
      `page-${tag}-4@example.test`,
      `page-${tag}-3@example.test`,
    ]);
    expect(page1.users[0]).toMatchObject({
      uid: made[4]?.uid,
      displayName: `Page ${tag} 4`,
      plan: 'free',
      usage: { used: 3, limit: 100000, periodEnd: '2026-06-01T00:00:00.000Z' },
      status: 'active',
      admin: false,
    });
    expect(page1.nextCursor).toEqual(expect.any(String));

    const seen = [...page1.users];
    let cursor: string | null = page1.nextCursor;
    while (cursor) {
      const next = (
        await get(`/api/admin/users?query=${tag}&limit=2&cursor=${cursor}`, admin.headers)
      ).json();
      seen.push(...next.users);
      cursor = next.nextCursor;
    }
    expect(seen.map((u) => u.uid)).toEqual(made.map((u) => u.uid).reverse());

    // By name as well; LIKE's wildcards are plain characters.
    const byName = (
      await get(`/api/admin/users?query=${encodeURIComponent(`page ${tag} 2`)}`, admin.headers)
    ).json();
    expect(byName.users.map((u: { uid: string }) => u.uid)).toEqual([made[2]?.uid]);
    expect((await get('/api/admin/users?query=%25', admin.headers)).json().users).toEqual([]);
    expect((await get('/api/admin/users?query=_', admin.headers)).json().users).toEqual([]);

    // Without a query: everyone, the admin included.
    const all = (await get('/api/admin/users?limit=100', admin.headers)).json();
    expect(all.users.find((u: { uid: string }) => u.uid === admin.uid)).toMatchObject({ admin: true });
  });

  it('refuses a bad cursor, limit or search with a 400', async () => {
    for (const query of [
      'cursor=abc',
      'cursor=%00',
      'limit=0',
      'limit=101',
      'limit=x',
      `query=${'a'.repeat(201)}`,
      'query=%00',
      'query=a%0Ab',
      // A cursor this server could have made, but for a date PostgreSQL cannot hold.
      `cursor=${Buffer.from('+275760-09-13T00:00:00.000Z|abc').toString('base64url')}`,
    ]) {
      const res = await get(`/api/admin/users?${query}`, admin.headers);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    for (const uid of ['%00', 'a%20b', 'x'.repeat(201), '%E2%80%AE']) {
      const calls = [
        { method: 'PUT' as const, url: `/api/admin/users/${uid}/plan`, payload: { plan: 'pro' } },
        { method: 'POST' as const, url: `/api/admin/users/${uid}/disable` },
        { method: 'POST' as const, url: `/api/admin/users/${uid}/enable` },
      ];
      for (const call of calls) {
        const res = await t.app.inject({ ...call, headers: admin.headers });
        expect([400, 404], call.url).toContain(res.statusCode);
      }
    }
  });

  it('sets a user’s plan, which the user then sees with its limit', async () => {
    const user = await signedUp(t.app);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.uid}/plan`,
      headers: admin.headers,
      payload: { plan: 'starter' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user).toMatchObject({ uid: user.uid, plan: 'starter', usage: { used: 0, limit: 100 } });
    const seen = (await get(`/api/users/${user.uid}`, user.headers)).json().user;
    expect(seen).toMatchObject({ subscription: 'starter', usage: { limit: 100 } });

    const unlimited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.uid}/plan`,
      headers: admin.headers,
      payload: { plan: 'pro' },
    });
    expect(unlimited.json().user.usage.limit).toBeNull();
  });

  it('gives a plan to an account that never opened the app (no profile yet)', async () => {
    const account = await createAccount(t.app);
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${account.uid}/plan`,
      headers: admin.headers,
      payload: { plan: 'enterprise' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().user.plan).toBe('enterprise');
  });

  it('refuses an unknown plan, a missing body and an unknown user', async () => {
    const user = await createUser(t.app);
    for (const payload of [{ plan: 'gold' }, { plan: 'FREE' }, {}, { plan: null }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${user.uid}/plan`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknown = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/users/no-such-user/plan',
      headers: admin.headers,
      payload: { plan: 'pro' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found:user');
    for (const action of ['disable', 'enable']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/no-such-user/${action}`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it('disables an account: its token is refused at once, its session ends, sign-in says it is disabled', async () => {
    const user = await signedUp(t.app);
    expect((await get(`/api/history/${user.uid}`, user.headers)).statusCode).toBe(200);

    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.uid}/disable`,
      headers: admin.headers,
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().user.status).toBe('disabled');

    const refused = await get(`/api/history/${user.uid}`, user.headers);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthorized:token');
    // The cookie session is gone: no new token.
    expect((await requestToken(t.app, user.cookie, user.email)).statusCode).toBe(401);

    const again = await signIn(t.app, user);
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toEqual({ code: 'forbidden:banned_user', message: DISABLED_MESSAGE });

    const enabled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.uid}/enable`,
      headers: admin.headers,
    });
    expect(enabled.json().user.status).toBe('active');
    // At once (within the same second as the revocation): the new sign-in's token works, the old one does not.
    const back = await signIn(t.app, user);
    expect(back.statusCode).toBe(200);
    const cookie = (back.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const token = (await requestToken(t.app, cookie, user.email)).json().token;
    expect((await get(`/api/history/${user.uid}`, { authorization: `Bearer ${token}` })).statusCode).toBe(
      200,
    );
    expect((await get(`/api/history/${user.uid}`, user.headers)).statusCode).toBe(401);
  });

  it('does not let an admin disable their own account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${admin.uid}/disable`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'bad_request:admin',
      message: 'You cannot disable your own account.',
    });
  });

  it('sums successful generations per tool per day over the last 30 days', async () => {
    const user = await createUser(t.app);
    const day = (offset: number) => new Date(clock.getTime() - offset * 86_400_000);
    const rows = [
      { tool: 'article-generator', status: 'used', createdAt: day(0) },
      { tool: 'article-generator', status: 'used', createdAt: day(0) },
      { tool: 'email-helper', status: 'used', createdAt: day(2) },
      { tool: 'email-helper', status: 'reserved', createdAt: day(2) }, // running: not in the chart
      { tool: 'doc-summarizer', status: 'used', createdAt: day(29) },
      { tool: 'doc-summarizer', status: 'used', createdAt: day(30) }, // 31st day back: outside
    ];
    await t.app.database.db
      .insert(generationUsage)
      .values(rows.map((row) => ({ ...row, userId: user.uid, generationId: randomUUID() })));

    const res = await get('/api/admin/usage', admin.headers);
    expect(res.statusCode).toBe(200);
    const usage = res.json();
    expect(usage.days).toHaveLength(ADMIN_USAGE_DAYS);
    expect(usage.from).toBe('2026-04-21');
    expect(usage.to).toBe('2026-05-20');
    const today = usage.days.at(-1);
    expect(today.date).toBe('2026-05-20');
    expect(today.counts['article-generator']).toBeGreaterThanOrEqual(2);
    expect(usage.days.find((d: { date: string }) => d.date === '2026-05-18').counts['email-helper']).toBe(1);
    expect(usage.days[0].counts['doc-summarizer']).toBe(1);
    expect(usage.totals['doc-summarizer']).toBe(1);
    expect(Object.keys(today.counts)).toHaveLength(6);
    expect(usage.total).toBe(usage.days.reduce((sum: number, d: { total: number }) => sum + d.total, 0));
    expect(usage.accounts.total).toBeGreaterThan(1);
    expect(usage.accounts.byPlan.free).toBeGreaterThan(0);
  });
});

describe('ADMIN_EMAILS at start-up', () => {
  it('makes newly listed addresses admins and removed ones users again', async () => {
    const { database, destroy } = await createTestDatabase('pglite');
    try {
      const db = database.db;
      await db.insert(userTable).values([
        { id: 'a', name: 'A', email: 'A@Example.test', role: 'user' },
        { id: 'b', name: 'B', email: 'b@example.test', role: 'admin' },
        { id: 'c', name: 'C', email: 'c@example.test', role: null },
      ]);
      const roles = async () =>
        Object.fromEntries((await db.select().from(userTable)).map((row) => [row.id, row.role]));
      await syncAdminRoles(db, ['a@example.test']);
      expect(await roles()).toEqual({ a: 'admin', b: 'user', c: null });
      await syncAdminRoles(db, []);
      expect(await roles()).toEqual({ a: 'user', b: 'user', c: null });
    } finally {
      await destroy();
    }
  });

  it('refuses a list with something that is not an e-mail address', () => {
    expect(() => loadConfig({ ADMIN_EMAILS: 'ops@example.test, not-an-address' })).toThrow(/ADMIN_EMAILS/);
  });
});

/** Two instances sharing PostgreSQL and Redis: a disable on one holds on the other within a second. */
describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'disabling an account across two instances (postgres + redis)',
  () => {
    let instances: TestInstances | undefined;
    beforeAll(async () => {
      instances = await createTestInstances(2, {
        PUBLIC_URL: 'http://localhost:3000',
        REDIS_URL: process.env.TEST_REDIS_URL,
        ADMIN_EMAILS: ADMIN_EMAIL,
      });
    });
    afterAll(async () => {
      await instances?.close();
    });

    it('refuses the user’s live token on the other instance within a second', async () => {
      const [a, b] = (instances?.apps ?? []) as [FastifyInstance, FastifyInstance];
      const admin = await signedUp(a, `boss-${randomUUID().slice(0, 6)}@example.test`);
      // Not listed on this run's instances: an admin only through the database role ADMIN_EMAILS gives.
      await a.database.db
        .update(userTable)
        .set({ role: 'admin', emailVerified: true })
        .where(eq(userTable.id, admin.uid));
      const user = await signedUp(b);
      expect((await b.inject({ url: `/api/history/${user.uid}`, headers: user.headers })).statusCode).toBe(
        200,
      );

      const disabled = await a.inject({
        method: 'POST',
        url: `/api/admin/users/${user.uid}/disable`,
        headers: admin.headers,
      });
      expect(disabled.statusCode).toBe(200);
      const at = Date.now();
      let status = 0;
      while (Date.now() - at < 1000) {
        status = (await b.inject({ url: `/api/history/${user.uid}`, headers: user.headers })).statusCode;
        if (status === 401) break;
      }
      expect(status).toBe(401);
      expect((await signIn(b, user)).statusCode).toBe(403);
    });
  },
);
