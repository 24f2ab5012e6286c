import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { openStream, providerEnv, WORDS, waitFor } from '#tests/helpers/generation-calls';
import { startTcpProxy, type TcpProxy } from '#tests/helpers/tcp-proxy';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/**
 * Three instances on one PostgreSQL database and one Redis, each on its own port as behind a load
 * balancer: a Stop reaches the instance that runs the generation whichever one receives it, and while
 * Redis is unreachable (a TCP proxy the test cuts) each instance goes on with what it can do alone.
 */
describe.skipIf(!enabled)('instances sharing Redis', () => {
  let fake: FakeOpenAiServer;
  let proxy: TcpProxy;
  let instances: TestInstances;
  let bases: string[];
  let user: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 150 });
    const redis = new URL(process.env.TEST_REDIS_URL ?? '');
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    instances = await createTestInstances(3, {
      ...providerEnv(fake.url),
      REDIS_URL: `redis://${proxy.host}:${proxy.port}/8`,
      AI_RATE_LIMIT_PER_USER: '0',
      HISTORY_RATE_LIMIT_PER_USER: '3',
      FREE_GENERATIONS_PER_MONTH: '100000',
    });
    bases = [];
    for (const app of instances.apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    user = await createUser(instances.apps[0]!);
  });

  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    await instances?.close();
    await proxy?.close();
    await fake?.close();
  });

  const stop = (base: string, id: string, who: TestUser = user) =>
    fetch(`${base}/api/generations/${id}/stop`, { method: 'POST', headers: who.headers });
  const chat = async (base: string, id: string) =>
    (await (await fetch(`${base}/api/history/item/${id}`, { headers: user.headers })).json()).history;

  /** Saves a chat by POST /api/history (limited to 3 a minute per user by HISTORY_RATE_LIMIT_PER_USER). */
  const save = (base: string, who: TestUser) =>
    fetch(`${base}/api/history`, {
      method: 'POST',
      headers: { ...who.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        uid: who.uid,
        service: 'code-explainer',
        title: 'Saved',
        messages: [
          { role: 'user', content: 'q' },
          { role: 'assistant', content: 'a' },
        ],
      }),
    });

  it('stops from one instance a generation streaming from another, and every instance reads the chat', async () => {
    const [a, b, c] = bases as [string, string, string];
    const stream = await openStream(b, user, 'delta');

    const stopped = await stop(c, stream.id);
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ id: stream.id, historyId: stream.id, status: 'stopped' });
    expect(await stream.finished).toContain('event: done');

    const saved = await chat(a, stream.id);
    expect(saved.status).toBe('stopped');
    expect(saved.messages[1].content.length).toBeGreaterThan(0);
    expect(WORDS.join('').startsWith(saved.messages[1].content)).toBe(true);
  });

  it('drops malformed messages on the Stop channels, and Stop still works', async () => {
    const [, b, c] = bases as [string, string, string];
    const direct = new Redis(process.env.TEST_REDIS_URL ?? '');
    try {
      const inboxes = await direct.pubsub('CHANNELS', 'draftsmith:generation-stop-reply:*');
      const hostile = ['null', '1', '"x"', '{}', '{"requestId":1}', '{"requestId":"r","kind":"stopped"}'];
      for (const channel of ['draftsmith:generation-stop', ...(inboxes as string[])]) {
        for (const message of hostile) await direct.publish(channel, message);
      }
    } finally {
      direct.disconnect();
    }
    const stream = await openStream(b, user, 'delta');
    expect((await stop(c, stream.id)).status).toBe(200);
    await stream.finished;
  });

  it('answers 404 at once for an id that runs nowhere, and for another user’s generation', async () => {
    const [, b, c] = bases as [string, string, string];
    const started = Date.now();
    expect((await stop(c, crypto.randomUUID())).status).toBe(404);
    expect(Date.now() - started).toBeLessThan(1_000);

    const stream = await openStream(b, user, 'delta');
    const other = await createUser(instances.apps[0]!);
    const refused = await stop(c, stream.id, other);
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe('not_found:generation');
    expect((await stop(c, stream.id)).status).toBe(200);
    await stream.finished;
  });

  it('goes on alone while Redis is down (generations run, Stop where they run) and shares again once it is back', async () => {
    const [, b, c] = bases as [string, string, string];
    await proxy.cut();
    await waitFor(
      () => instances.apps.every((app) => app.redis?.status !== 'ready'),
      'Redis to be seen down',
    );

    const started = Date.now();
    const stream = await openStream(b, user, 'delta');
    expect(Date.now() - started).toBeLessThan(2_000);
    // Another instance cannot reach it without Redis; the one that runs it can.
    expect((await stop(c, stream.id)).status).toBe(404);
    expect((await stop(b, stream.id)).status).toBe(200);
    await stream.finished;

    // Rate limits hold per instance meanwhile: never none, and no call waits for Redis.
    const saver = await createUser(instances.apps[0]!);
    const onB = [];
    for (let i = 0; i < 4; i++) onB.push((await save(b, saver)).status);
    expect(onB).toEqual([201, 201, 201, 429]);
    expect((await save(c, saver)).status).toBe(201);

    await proxy.restore();
    await waitFor(
      () => instances.apps.every((app) => app.redis?.status === 'ready'),
      'Redis to be back',
      10_000,
    );
    const again = await openStream(b, user, 'delta');
    expect((await stop(c, again.id)).status).toBe(200);
    await again.finished;
    // Counted together again: 3 across the instances, then the limit.
    const sharer = await createUser(instances.apps[0]!);
    const spread = [];
    for (const base of [...bases, b]) spread.push((await save(base, sharer)).status);
    expect(spread).toEqual([201, 201, 201, 429]);
  });
});
