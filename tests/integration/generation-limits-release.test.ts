import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisInFlightStore } from '#server/generation/in-flight-generations-redis';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import {
  atCap,
  cases,
  listen,
  openStream,
  providerEnv,
  QUICK,
  redisUrl,
  TUNED_ENV,
  WORDS,
  waitFor,
} from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/** How a place under AI_MAX_IN_FLIGHT_PER_USER is given back, on one instance and across several. */
describe.each(cases)('per-user generation limits: places given back (%s, %s store)', (kind, store) => {
  let fake: FakeOpenAiServer;
  /** One generation at a time per user, no call limit, no retries. */
  let tuned: TestApp;
  let tunedBase: string;
  const env = () => ({
    ...providerEnv(fake.url),
    ...TUNED_ENV,
    REDIS_URL: store === 'redis' ? redisUrl() : undefined,
  });

  beforeAll(async () => {
    // About 2.4 s per streamed answer: long enough to still be running while the next call is refused.
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 200 });
    tuned = await createTestApp(kind, env());
    tunedBase = await listen(tuned);
  });
  afterAll(async () => {
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
      const peer = await createTestApp(kind, env());
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
      const redis = tuned.app.redis!;
      const user = `lease-${crypto.randomUUID()}`;
      const key = `draftsmith:in-flight:${user}`;
      const running = createRedisInFlightStore(redis, tuned.app.log, 300); // renewed every 100 ms
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
