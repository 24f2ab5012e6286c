import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import {
  atCap,
  callThenLeave,
  cases,
  listen,
  providerEnv,
  QUICK,
  redisUrl,
  WORDS,
  waitFor,
} from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

/** The default per-user limits (AI_MAX_IN_FLIGHT_PER_USER 2, AI_RATE_LIMIT_PER_USER 30) against bursts. */
describe.each(cases)('per-user generation limits: bursts (%s, %s store)', (kind, store) => {
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    // About 2.4 s per streamed answer: long enough to still be running while a burst is answered.
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 200 });
    t = await createTestApp(kind, {
      ...providerEnv(fake.url),
      REDIS_URL: store === 'redis' ? redisUrl() : undefined,
    });
    base = await listen(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const call = (user: TestUser, topic = 'Limits') =>
    t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic },
    });
  const historyOf = async (user: TestUser): Promise<unknown[]> =>
    (await t.app.inject({ url: `/api/history/${user.uid}`, headers: user.headers })).json().history;
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
    const other = await call(bob, 'Not affected');
    expect(other.statusCode).toBe(200);

    // The two that started finish and are saved although their clients left; nothing else reached the model.
    await waitFor(async () => (await historyOf(alice)).length === 2, "alice's two chats");
    expect(providerCallsFor(topic)).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(await historyOf(alice)).toHaveLength(2);
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
    for (let i = 0; i < 30; i++) expect((await call(carol, `Call ${i}`)).statusCode).toBe(200);
    const requestsBefore = fake.requests.length;
    const limited = await call(carol, 'One too many');
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
    expect((await call(dave, 'Someone else')).statusCode).toBe(200);
  });
});
