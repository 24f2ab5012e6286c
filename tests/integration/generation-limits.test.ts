import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisInFlightStore } from '../../src/server/tools/in-flight-generations-redis.ts';
import { createUser, type TestUser } from '../factories/user.ts';
import { TINY_MODEL_PATH } from '../fakes/model-file-server.ts';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';

/** Redis-backed counts too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379). */
const stores = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
const cases = testDatabaseKinds().flatMap((kind) => stores.map((store) => [kind, store] as const));

/** A Redis database of its own, so another file clearing `draftsmith:*` keys never runs into this one. */
function redisUrl(): string {
  const url = new URL(process.env.TEST_REDIS_URL ?? '');
  url.pathname = '/9';
  return url.toString();
}

const WORDS = Array.from({ length: 12 }, (_, i) => `word${i} `);
const QUICK = { text: 'Quick answer.' };
const atCap = (n: number) =>
  `You already have ${n === 1 ? '1 generation' : `${n} generations`} running. Wait for one to finish, or stop it, then try again.`;

interface OpenStream {
  id: string;
  /** What has arrived so far. */
  text(): string;
  /** Resolves with the whole body once the stream ends. */
  finished: Promise<string>;
  abort(): void;
}

/** Opens a streamed tool call on a listening app; resolves once `until` (an event name) has arrived. */
async function openStream(base: string, user: TestUser, until: 'start' | 'delta'): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/generate-article`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ topic: 'Limits' }),
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  while (!received.includes(`event: ${until}`)) received += decoder.decode((await reader.read()).value);
  const finished = (async () => {
    for (let next = await reader.read(); !next.done; next = await reader.read())
      received += decoder.decode(next.value);
    return received;
  })();
  finished.catch(() => {});
  return {
    id: res.headers.get('x-generation-id')!,
    text: () => received,
    finished,
    abort: () => controller.abort(),
  };
}

interface LeftCall {
  status: number;
  retryAfter: string | undefined;
  /** The parsed body of an error answer. */
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field
  body: any;
}

/**
 * A streamed tool call on its own connection (closed afterwards, so no idle socket outlives the test),
 * whose client goes away `leaveAfterMs` after a 200 answer began; error answers are read whole.
 */
function callThenLeave(url: string, user: TestUser, input: unknown, leaveAfterMs: number): Promise<LeftCall> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        const settle = () =>
          resolve({
            status,
            retryAfter: res.headers['retry-after'],
            body: status === 200 ? null : JSON.parse(text),
          });
        if (status === 200) {
          setTimeout(() => req.destroy(), leaveAfterMs);
          res.on('close', settle);
        } else res.on('end', settle);
      },
    );
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
    req.end(JSON.stringify(input));
  });
}

async function waitFor(check: () => Promise<boolean> | boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(cases)('per-user generation limits (%s, %s store)', (kind, store) => {
  let fake: FakeOpenAiServer;
  /** Default limits: AI_MAX_IN_FLIGHT_PER_USER 2, AI_RATE_LIMIT_PER_USER 30. */
  let t: TestApp;
  /** One generation at a time per user, no call limit, no retries. */
  let tuned: TestApp;
  let base: string;
  let tunedBase: string;
  const redisEnv = { REDIS_URL: store === 'redis' ? redisUrl() : undefined };
  const provider = {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: '',
    AI_MODEL: 'fake-model',
    AI_MAX_RETRIES: '0',
  };
  const tunedEnv = { AI_MAX_IN_FLIGHT_PER_USER: '1', AI_RATE_LIMIT_PER_USER: '0' };

  const listen = async (app: TestApp) => {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    // About 2.4 s per streamed answer: long enough to still be running while a burst is answered.
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 200 });
    provider.AI_BASE_URL = fake.url;
    t = await createTestApp(kind, { ...provider, ...redisEnv });
    tuned = await createTestApp(kind, { ...provider, ...redisEnv, ...tunedEnv });
    base = await listen(t);
    tunedBase = await listen(tuned);
  });
  afterAll(async () => {
    await t?.close();
    await tuned?.close();
    await fake?.close();
  });

  const call = (app: TestApp, user: TestUser, topic = 'Limits') =>
    app.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic },
    });
  const historyOf = async (app: TestApp, user: TestUser): Promise<unknown[]> =>
    (await app.app.inject({ url: `/api/history/${user.uid}`, headers: user.headers })).json().history;
  const providerCallsFor = (topic: string) =>
    fake.requests.filter((r) => r.body.messages[1]?.content.includes(topic)).length;

  it('runs 2 of a burst of 60 streamed calls from one user, answers 429 to the other 58, and leaves others alone', async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    const topic = `Burst ${alice.uid}`;
    // The reproduction: 60 concurrent streamed calls, each client gone 300 ms after its answer began.
    const burst = await Promise.all(
      Array.from({ length: 60 }, () => callThenLeave(`${base}/api/generate-article`, alice, { topic }, 300)),
    );
    const limited = burst.filter((r) => r.status === 429);
    expect(burst.filter((r) => r.status === 200)).toHaveLength(2);
    expect(limited).toHaveLength(58);
    for (const r of limited) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(r.body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    // 30 calls a minute pass the call limit; of those, 2 run and 28 meet the in-flight cap.
    const byCode = (code: string) => limited.filter((r) => r.body.error.code === code);
    expect(byCode('rate_limit:generations')).toHaveLength(28);
    expect(byCode('rate_limit:generations')[0]?.body.error.message).toBe(atCap(2));
    expect(byCode('rate_limit:generations')[0]?.retryAfter).toBe('5');
    expect(byCode('rate_limit:tool_calls')).toHaveLength(30);
    expect(byCode('rate_limit:tool_calls')[0]?.body.error.message).toMatch(
      /^Too many AI requests: at most 30 a minute\. Try again in \d+ seconds\.$/,
    );

    // Another user is not affected while alice's two still run.
    const other = await call(t, bob, 'Not affected');
    expect(other.statusCode).toBe(200);

    // The two that started finish and are saved although their clients left; nothing else reached the model.
    await waitFor(async () => (await historyOf(t, alice)).length === 2, "alice's two chats");
    expect(providerCallsFor(topic)).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await historyOf(t, alice)).toHaveLength(2);
  });

  it('limits tool calls per user per minute with Retry-After, not counting invalid input', async () => {
    const carol = await createUser(t.app);
    const dave = await createUser(t.app);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: carol.headers,
      payload: { topic: ' ' },
    });
    expect(invalid.statusCode).toBe(400);
    fake.enqueue(...Array.from({ length: 30 }, () => QUICK));
    for (let i = 0; i < 30; i++) expect((await call(t, carol, `Call ${i}`)).statusCode).toBe(200);
    const requestsBefore = fake.requests.length;
    const limited = await call(t, carol, 'One too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: 'rate_limit:tool_calls',
      message: expect.stringMatching(
        /^Too many AI requests: at most 30 a minute\. Try again in \d+ seconds\.$/,
      ),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(fake.requests.length).toBe(requestsBefore);

    fake.enqueue(QUICK);
    expect((await call(t, dave, 'Someone else')).statusCode).toBe(200);
  });

  it('frees the place when a generation is done, stopped or fails; AI_RATE_LIMIT_PER_USER=0 is no limit', async () => {
    const erin = await createUser(tuned.app);
    const expectAtCap = async () => {
      const res = await call(tuned, erin);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toEqual({ code: 'rate_limit:generations', message: atCap(1) });
      expect(res.headers['retry-after']).toBe('5');
    };

    const done = await openStream(tunedBase, erin, 'delta');
    await expectAtCap();
    expect(await done.finished).toContain('event: done');
    fake.enqueue(QUICK);
    expect((await call(tuned, erin)).statusCode).toBe(200);

    const stopped = await openStream(tunedBase, erin, 'delta');
    await expectAtCap();
    const stop = await tuned.app.inject({
      method: 'POST',
      url: `/api/generations/${stopped.id}/stop`,
      headers: erin.headers,
    });
    expect(stop.json().status).toBe('stopped');
    fake.enqueue(QUICK);
    expect((await call(tuned, erin)).statusCode).toBe(200);

    fake.enqueue({ status: 500 });
    expect((await call(tuned, erin)).statusCode).toBe(502);
    fake.enqueue({ status: 401 });
    expect((await call(tuned, erin)).statusCode).toBe(502);

    // Past the default 30 a minute: with 0 there is no call limit.
    fake.enqueue(...Array.from({ length: 31 }, () => QUICK));
    for (let i = 0; i < 31; i++) expect((await call(tuned, erin, `Many ${i}`)).statusCode).toBe(200);
    // The user travels to the local model's queue only: a remote provider never sees who asked.
    expect(JSON.stringify(fake.requests.at(-1)?.body)).not.toContain(erin.uid);
    if (tuned.app.redis) expect(await tuned.app.redis.zcard(`draftsmith:in-flight:${erin.uid}`)).toBe(0);
  });

  // Only with Redis: in memory, each instance counts its own generations.
  if (store === 'redis')
    it("counts a user's generations across instances, and a crashed instance's leases run out", async () => {
      const peer = await createTestApp(kind, { ...provider, ...redisEnv, ...tunedEnv });
      try {
        const frank = await createUser(tuned.app);
        const running = await openStream(tunedBase, frank, 'delta');
        const elsewhere = await call(peer, frank);
        expect(elsewhere.statusCode).toBe(429);
        expect(elsewhere.json().error.code).toBe('rate_limit:generations');
        running.abort();

        const redis = tuned.app.redis!;
        const key = `draftsmith:in-flight:${frank.uid}`;
        await waitFor(async () => (await redis.zcard(key)) === 0, 'the finished generation to leave the set');
        await redis.zadd(key, Date.now() - 1000, 'lease-of-a-crashed-instance');
        fake.enqueue(QUICK);
        expect((await call(tuned, frank)).statusCode).toBe(200);
        await redis.zadd(key, Date.now() + 60_000, 'live-lease-on-another-instance');
        expect((await call(tuned, frank)).statusCode).toBe(429);
        await redis.del(key);
      } finally {
        await peer.close();
      }
    });

  if (store === 'redis')
    it('renews the lease of a running generation; a lease nobody renews runs out', async () => {
      const redis = t.app.redis!;
      const user = `lease-${crypto.randomUUID()}`;
      const key = `draftsmith:in-flight:${user}`;
      const running = createRedisInFlightStore(redis, t.app.log, 300); // renewed every 100 ms
      expect(await running.tryAdd(user, 'running', 2)).toBe(true);
      await redis.zadd(key, Date.now() + 300, 'crashed'); // no renewals
      expect(await running.tryAdd(user, 'third', 2)).toBe(false);
      await new Promise((r) => setTimeout(r, 900));
      expect(Number(await redis.zscore(key, 'running'))).toBeGreaterThan(Date.now()); // renewed
      expect(await running.tryAdd(user, 'second', 2)).toBe(true); // the unrenewed lease was dropped
      expect((await redis.zrange(key, '0', '-1')).sort()).toEqual(['running', 'second']);
      await running.remove(user, 'running');
      await running.remove(user, 'second');
      expect(await redis.exists(key)).toBe(0);
    });
});

describe('local model: a generation still queued when its client leaves is dropped', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', {
      AI_PROVIDER: 'local',
      LOCAL_MODEL: TINY_MODEL_PATH,
      LOCAL_MODEL_THREADS: '2',
      LOCAL_MODEL_CONTEXT: '1024',
      LOCAL_MODEL_PARALLEL: '1',
      // Long answers (the test stops them), one generation at a time, one place in line.
      AI_MAX_OUTPUT_TOKENS: '2000',
      AI_QUEUE_LIMIT: '1',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' }); // starts loading the model
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    await waitFor(async () => (await aiHealth()).state === 'ready', 'the local model to load', 30_000);
  }, 60_000);
  afterAll(() => t?.close());

  async function aiHealth(user?: TestUser) {
    const res = await t.app.inject({ url: '/api/health', headers: user?.headers ?? {} });
    return res.json().components.ai as { state: string; active?: number; queued?: number };
  }
  const stop = (user: TestUser, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/generations/${id}/stop`, headers: user.headers });
  const ask = (user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic: 'Busy' },
    });

  it('makes no model call and saves nothing for it, and frees its place in line', async () => {
    const alice = await createUser(t.app);
    const carol = await createUser(t.app);
    const running = await openStream(base, alice, 'delta');
    const queued = await openStream(base, alice, 'start');
    expect(await aiHealth(alice)).toMatchObject({ active: 1, queued: 1 });

    // The line's one place is alice's: carol is turned away for now.
    const busy = await ask(carol);
    expect(busy.statusCode).toBe(503);
    expect(busy.json().error.code).toBe('unavailable:model_busy');

    queued.abort();
    await waitFor(async () => (await aiHealth(alice)).queued === 0, 'the queued generation to be dropped');
    expect((await stop(alice, queued.id)).statusCode).toBe(404); // no longer a running generation
    const carols = await openStream(base, carol, 'start'); // takes the freed place

    // Once the running one is stopped, carol's is next: alice's dropped generation never runs.
    expect(carols.text()).not.toContain('event: delta');
    expect((await stop(alice, running.id)).json().status).toBe('stopped');
    await waitFor(() => carols.text().includes('event: delta'), "carol's generation to start");
    expect((await stop(carol, carols.id)).json().status).toBe('stopped');
    expect(await carols.finished).toContain('event: done');
    await waitFor(async () => (await aiHealth(alice)).active === 0, 'the model to wind down');
    expect((await aiHealth(alice)).queued).toBe(0);

    const chats = (await t.app.inject({ url: `/api/history/${alice.uid}`, headers: alice.headers })).json()
      .history as Array<{ id: string; status: string }>;
    expect(chats.map((c) => [c.id, c.status])).toEqual([[running.id, 'stopped']]);
    const dropped = await t.app.inject({ url: `/api/history/item/${queued.id}`, headers: alice.headers });
    expect(dropped.statusCode).toBe(404);
  }, 60_000);
});
