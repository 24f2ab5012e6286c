import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/config';
import { openDatabase } from '#server/db/client';
import { generationUsage, user } from '#server/db/schema';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

/**
 * Where a plan's generations are counted before the model (issue 31, ADR 0028): this process's memory on
 * the embedded database, Redis with several instances, the database when Redis is down. The count
 * stays exact on each: usage-quota.test.ts runs the common cases on both databases.
 */
const FREE = 20;
const env = (providerUrl: string) => ({
  ...providerEnv(providerUrl),
  FREE_GENERATIONS_PER_MONTH: String(FREE),
  AI_RATE_LIMIT_PER_USER: '0',
  AI_MAX_IN_FLIGHT_PER_USER: '1000',
  AI_QUEUE_LIMIT: '1000',
});

const statusCounts = (results: readonly { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of results) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

const generate = (app: FastifyInstance, user: TestUser, topic = 'Counts') =>
  app.inject({ method: 'POST', url: '/api/generate-article', headers: user.headers, payload: { topic } });
const usedBy = async (app: FastifyInstance, user: TestUser) =>
  (await app.inject({ url: `/api/users/${user.uid}`, headers: user.headers })).json().user.usage.used;
const seedUsed = (app: FastifyInstance, user: TestUser, count: number) =>
  app.database.db.insert(generationUsage).values(
    Array.from({ length: count }, () => ({
      userId: user.uid,
      generationId: randomUUID(),
      tool: 'article-generator',
      status: 'used',
    })),
  );

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAi({ text: 'A short answer.' });
});
afterAll(async () => {
  await fake?.close();
});

describe('counts in memory on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-plan-counts-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The server on the data directory's own database, as `npm start` opens it. */
  const start = async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env(fake.url) });
    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
    const app = await buildApp({
      config,
      database,
      secret: 'test-secret-that-is-at-least-32-characters-long',
    });
    await app.ready();
    return {
      app,
      async stop() {
        await app.close();
        await database.close();
      },
    };
  };

  it('gives 30 parallel calls with 20 left exactly 20, and recounts from the database after a restart', async () => {
    let server = await start();
    try {
      const user = await createUser(server.app);
      const results = await Promise.all(Array.from({ length: 30 }, () => generate(server.app, user)));
      expect(statusCounts(results)).toEqual({ 200: 20, 402: 10 });
      expect(await usedBy(server.app, user)).toBe(FREE);
      await server.stop();

      server = await start();
      // Nothing in memory yet: the count comes from the database's rows.
      expect(await usedBy(server.app, user)).toBe(FREE);
      expect((await generate(server.app, user)).statusCode).toBe(402);
    } finally {
      await server.stop();
    }
  });

  it('counts a plan an administrator set at once, though admissions remember plans for seconds', async () => {
    const server = await start();
    try {
      const admin = await createUser(server.app);
      await server.app.database.db
        .update(user)
        .set({ role: 'admin', emailVerified: true })
        .where(eq(user.id, admin.uid));
      const member = await createUser(server.app);
      await seedUsed(server.app, member, FREE - 1);
      expect((await generate(server.app, member)).statusCode).toBe(200);
      expect((await generate(server.app, member)).statusCode).toBe(402);
      const set = await server.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${member.uid}/plan`,
        headers: admin.headers,
        payload: { plan: 'starter' },
      });
      expect(set.statusCode).toBe(200);
      expect((await generate(server.app, member)).statusCode).toBe(200);
      expect(await usedBy(server.app, member)).toBe(FREE + 1);
    } finally {
      await server.stop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL)(
  'counts in Redis with three instances on PostgreSQL',
  () => {
    let instances: TestInstances | undefined;
    let redis: Redis;
    beforeAll(async () => {
      instances = await createTestInstances(3, { ...env(fake.url), REDIS_URL: process.env.TEST_REDIS_URL });
      redis = new Redis(process.env.TEST_REDIS_URL!);
    });
    afterAll(async () => {
      await instances?.close();
      await redis?.quit();
    });
    const apps = () => (instances?.apps ?? []) as [FastifyInstance, FastifyInstance, FastifyInstance];
    const countKeys = async (user: TestUser) => redis.keys(`draftsmith:plan-count:${user.uid}:*`);

    it('gives 30 parallel calls with 20 left, spread over the instances, exactly 20', async () => {
      const user = await createUser(apps()[0]);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, n) => generate(apps()[n % 3]!, user, 'Three instances')),
      );
      expect(statusCounts(results)).toEqual({ 200: 20, 402: 10 });
      // The count is Redis's, with an expiry, and the database holds every generation as used.
      const [key] = await countKeys(user);
      expect(Number(await redis.get(key!))).toBe(FREE);
      expect(await redis.pttl(key!)).toBeGreaterThan(0);
      for (const app of apps()) expect(await usedBy(app, user)).toBe(FREE);
      const rows = await apps()[0]
        .database.db.select()
        .from(generationUsage)
        .where(eq(generationUsage.userId, user.uid));
      expect(rows.map((row) => row.status)).toEqual(Array(FREE).fill('used'));
    });

    it('reads a lost count from the database again, generations of this period included', async () => {
      const user = await createUser(apps()[0]);
      await seedUsed(apps()[0], user, FREE - 3);
      expect((await generate(apps()[1], user)).statusCode).toBe(200);
      // Redis lost it (restarted without persistence, or the count's refresh time came).
      for (const key of await countKeys(user)) await redis.del(key);
      const results = await Promise.all(Array.from({ length: 5 }, (_, n) => generate(apps()[n % 3]!, user)));
      expect(statusCounts(results)).toEqual({ 200: 2, 402: 3 });
    });
  },
);
