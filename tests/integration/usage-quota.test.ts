import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generationUsage } from '#server/db/schema';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { listen, openStream, providerEnv, waitFor } from '#tests/helpers/generation-calls';
import { multipartPayload } from '#tests/helpers/multipart';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

const FREE = 12;
const freeRefusal = `You have used all ${FREE} generations of your Free plan this month. Upgrade for more generations.`;
const starterRefusal =
  'You have used all 100 generations of your Starter plan this month. Upgrade for unlimited generations.';

/** Free plan of FREE generations; neither the call rate nor the in-flight cap gets in the way. */
const statusCounts = (results: readonly { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of results) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

const limitsEnv = (providerUrl: string) => ({
  ...providerEnv(providerUrl),
  FREE_GENERATIONS_PER_MONTH: String(FREE),
  AI_RATE_LIMIT_PER_USER: '0',
  AI_MAX_IN_FLIGHT_PER_USER: '1000',
  AI_QUEUE_LIMIT: '1000',
});

/** Generations counted against each user's plan (FREE_GENERATIONS_PER_MONTH, src/shared/plans.ts). */
describe.each(testDatabaseKinds())('plan generation limits (%s)', (kind) => {
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let base: string;
  let clock = new Date('2026-03-15T12:00:00.000Z');

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: 'A short answer.' });
    t = await createTestApp(
      kind,
      {
        ...limitsEnv(fake.url),
        // Long documents are summarized in several model calls (one generation all the same).
        SUMMARY_CHUNK_TOKENS: '500',
      },
      { now: () => clock },
    );
    base = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    clock = new Date('2026-03-15T12:00:00.000Z');
  });

  const call = (user: TestUser, topic = 'Plans') =>
    t.app.inject({ method: 'POST', url: '/api/generate-article', headers: user.headers, payload: { topic } });
  const usageOf = async (user: TestUser) =>
    (await t.app.inject({ url: `/api/users/${user.uid}`, headers: user.headers })).json().user.usage;
  /** Generations the user made earlier this month, written straight into the table. */
  const seedUsed = async (user: TestUser, count: number, status = 'used', createdAt = clock) => {
    if (count === 0) return;
    await t.app.database.db.insert(generationUsage).values(
      Array.from({ length: count }, () => ({
        userId: user.uid,
        generationId: randomUUID(),
        tool: 'article-generator',
        status,
        createdAt,
      })),
    );
  };
  const expectRefused = (res: Awaited<ReturnType<typeof call>>, message = freeRefusal) => {
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code: 'payment_required:quota', message } });
  };

  it('gives a user with 10 generations left exactly 10 of 200 parallel calls and refuses 190 with 402', async () => {
    const user = await createUser(t.app);
    await seedUsed(user, FREE - 10);
    const topic = `Race ${user.uid}`;
    const results = await Promise.all(Array.from({ length: 200 }, () => call(user, topic)));
    // Every answer's status, so that a failure says what the others got (a timeout, a 503).
    expect(statusCounts(results)).toEqual({ 200: 10, 402: 190 });
    const refused = results.filter((r) => r.statusCode === 402);
    for (const r of refused) expectRefused(r);
    // Refused before any model call.
    expect(fake.requests.filter((r) => JSON.stringify(r.body).includes(topic))).toHaveLength(10);
    expect(await usageOf(user)).toEqual({ used: FREE, limit: FREE, periodEnd: '2026-04-01T00:00:00.000Z' });
  });

  it('gives nothing back when chats are deleted', async () => {
    const user = await createUser(t.app);
    await seedUsed(user, FREE - 2);
    expect((await call(user)).statusCode).toBe(200);
    expect((await call(user)).statusCode).toBe(200);
    expectRefused(await call(user));
    const chats = (await t.app.inject({ url: `/api/history/${user.uid}`, headers: user.headers })).json()
      .history;
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/history/${chat.id}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    expectRefused(await call(user));
    expect((await usageOf(user)).used).toBe(FREE);
  });

  it('releases the reservation when the provider fails', async () => {
    const user = await createUser(t.app);
    await seedUsed(user, FREE - 1);
    fake.enqueue({ status: 500 });
    expect((await call(user)).statusCode).toBe(502);
    expect((await usageOf(user)).used).toBe(FREE - 1);
    expect((await call(user)).statusCode).toBe(200);
    expectRefused(await call(user));
  });

  it('releases the reservation on a Stop before any output, and counts a Stop after some', async () => {
    const user = await createUser(t.app);
    await seedUsed(user, FREE - 1);
    const stop = (id: string) =>
      t.app.inject({ method: 'POST', url: `/api/generations/${id}/stop`, headers: user.headers });

    fake.enqueue({ text: 'Too late.', firstTokenDelayMs: 10_000 });
    const early = await openStream(base, user, 'start');
    expectRefused(await call(user)); // the running generation holds the last one
    expect((await stop(early.id)).json().status).toBe('stopped');
    await early.finished;
    await waitFor(async () => (await usageOf(user)).used === FREE - 1, 'the reservation to be released');

    fake.enqueue({ chunks: ['Some ', 'words ', 'and ', 'more.'], chunkDelayMs: 2000 });
    const late = await openStream(base, user, 'delta');
    expect((await stop(late.id)).json().status).toBe('stopped');
    await late.finished;
    await waitFor(async () => (await usageOf(user)).used === FREE, 'the stopped generation to count');
    expectRefused(await call(user));
  });

  it('gives the reservation back when the uploaded document cannot be read, and counts a read one once', async () => {
    const user = await createUser(t.app);
    await seedUsed(user, FREE - 1);
    const upload = async (name: string, content: string | Uint8Array, type: string) => {
      const { payload, headers } = await multipartPayload({}, { field: 'file', name, content, type });
      return t.app.inject({
        method: 'POST',
        url: '/api/doc-summarizer',
        headers: { ...user.headers, ...headers },
        payload,
      });
    };
    const broken = await upload(
      'broken.pdf',
      new Uint8Array([0x25, 0x50, 0x44, 0x46, 1, 2, 3]),
      'application/pdf',
    );
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    expect((await usageOf(user)).used).toBe(FREE - 1);
    expect((await upload('notes.txt', 'Meeting notes: ship on Friday.', 'text/plain')).statusCode).toBe(200);
    expect((await usageOf(user)).used).toBe(FREE);
    expectRefused(await upload('more.txt', 'More notes.', 'text/plain'));
  });

  it('does not count a reservation left by a crashed instance once it is 15 minutes old', async () => {
    const user = await createUser(t.app);
    await seedUsed(user, FREE - 1);
    await seedUsed(user, 1, 'reserved', new Date(clock.getTime() - 16 * 60_000));
    expect((await usageOf(user)).used).toBe(FREE - 1);
    await seedUsed(user, 1, 'reserved', new Date(clock.getTime() - 60_000));
    expectRefused(await call(user));
  });

  it('starts counting again at the next calendar month (UTC)', async () => {
    clock = new Date('2026-03-31T23:59:00.000Z');
    const user = await createUser(t.app);
    await seedUsed(user, FREE);
    expectRefused(await call(user));
    expect(await usageOf(user)).toEqual({ used: FREE, limit: FREE, periodEnd: '2026-04-01T00:00:00.000Z' });
    clock = new Date('2026-04-01T00:00:00.000Z');
    expect(await usageOf(user)).toEqual({ used: 0, limit: FREE, periodEnd: '2026-05-01T00:00:00.000Z' });
    expect((await call(user)).statusCode).toBe(200);
    expect((await usageOf(user)).used).toBe(1);
  });

  it('shows the usage on GET /api/users/:uid and counts each of the tools', async () => {
    const user = await createUser(t.app);
    expect(await usageOf(user)).toEqual({ used: 0, limit: FREE, periodEnd: '2026-04-01T00:00:00.000Z' });
    expect((await call(user)).statusCode).toBe(200);
    // A long document summarized part by part is one generation.
    const marker = `Long ${user.uid}`;
    const paragraph = `${marker} ${'The quarterly report covers revenue, costs and plans. '.repeat(30)}`;
    const summary = await t.app.inject({
      method: 'POST',
      url: '/api/doc-summarizer',
      headers: user.headers,
      payload: { text: Array.from({ length: 8 }, () => paragraph).join('\n\n') },
    });
    expect(summary.statusCode).toBe(200);
    expect(fake.requests.filter((r) => JSON.stringify(r.body).includes(marker)).length).toBeGreaterThan(1);
    expect((await usageOf(user)).used).toBe(2);
    // A refused input never reserves anything.
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic: ' ' },
    });
    expect(invalid.statusCode).toBe(400);
    expect((await usageOf(user)).used).toBe(2);
  });

  it("limits a Starter user to the plan's 100 generations", async () => {
    const user = await createUser(t.app, { subscription: 'starter' });
    await seedUsed(user, 99);
    expect(await usageOf(user)).toEqual({ used: 99, limit: 100, periodEnd: '2026-04-01T00:00:00.000Z' });
    expect((await call(user)).statusCode).toBe(200);
    expectRefused(await call(user), starterRefusal);
  });

  it.each(['pro', 'enterprise'])('does not limit the %s plan', async (plan) => {
    const user = await createUser(t.app, { subscription: plan });
    await seedUsed(user, 500);
    expect((await call(user)).statusCode).toBe(200);
    expect(await usageOf(user)).toEqual({ used: 501, limit: null, periodEnd: '2026-04-01T00:00:00.000Z' });
  });
});

/** Several server instances on one PostgreSQL database share each user's count. */
describe.runIf(process.env.TEST_DATABASE_URL)(
  'plan generation limits across two instances (postgres)',
  () => {
    let fake: FakeOpenAiServer;
    let instances: TestInstances | undefined;

    beforeAll(async () => {
      fake = await startFakeOpenAi({ text: 'A short answer.' });
      instances = await createTestInstances(2, limitsEnv(fake.url));
    });
    afterAll(async () => {
      await instances?.close();
      await fake?.close();
    });

    it('gives 10 of 200 parallel calls spread over both instances and refuses 190', async () => {
      const [a, b] = (instances?.apps ?? []) as [FastifyInstance, FastifyInstance];
      const user = await createUser(a);
      await a.database.db.insert(generationUsage).values(
        Array.from({ length: FREE - 10 }, () => ({
          userId: user.uid,
          generationId: randomUUID(),
          tool: 'article-generator',
          status: 'used',
        })),
      );
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, n) =>
          (n % 2 ? a : b).inject({
            method: 'POST',
            url: '/api/generate-article',
            headers: user.headers,
            payload: { topic: 'Two instances' },
          }),
        ),
      );
      expect(statusCounts(results)).toEqual({ 200: 10, 402: 190 });
      const refused = results.filter((r) => r.statusCode === 402);
      expect(refused[0]?.json().error).toEqual({ code: 'payment_required:quota', message: freeRefusal });
    });
  },
);
