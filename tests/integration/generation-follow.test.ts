import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { listen, openStream, providerEnv, redisUrl, WORDS } from '#tests/helpers/generation-calls';
import { deltaText, parseSse } from '#tests/helpers/sse';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

const FULL_TEXT = WORDS.join('');

/** GET a stream to its end. */
async function follow(base: string, user: TestUser, id: string) {
  const res = await fetch(`${base}/api/generations/${id}/stream`, { headers: user.headers });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** Reload-proof streaming (issue 16): a generation followed again after its request is gone. */
describe.each(testDatabaseKinds())('following a generation (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 60 });
    t = await createTestApp(kind, { ...providerEnv(fake.url), AI_RATE_LIMIT_PER_USER: '0' });
    base = await listen(t);
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('replays what was written and continues live after the first client left, then answers done at once', async () => {
    const first = await openStream(base, alice, 'delta');
    first.abort(); // the browser reloads

    const running = (await t.app.inject({ url: '/api/generations', headers: alice.headers })).json();
    expect(running.generations).toEqual([
      {
        id: first.id,
        historyId: first.id,
        service: 'article-generator',
        title: 'Limits',
        kind: 'new',
        question: null,
        startedAt: expect.any(String),
      },
    ]);
    expect(
      (await t.app.inject({ url: '/api/generations', headers: bob.headers })).json().generations,
    ).toEqual([]);

    const followed = await follow(base, alice, first.id);
    expect(followed.status).toBe(200);
    expect(followed.type).toContain('text/event-stream');
    const events = parseSse(followed.body);
    expect(events[0]).toEqual({ event: 'start', data: { generationId: first.id, historyId: first.id } });
    // The text so far, then the rest live: the whole answer, once.
    expect(deltaText(events)).toBe(FULL_TEXT);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(events.at(-1)).toEqual({
      event: 'done',
      data: { article: FULL_TEXT, historyId: first.id, status: 'complete' },
    });
    expect(
      (await t.app.inject({ url: '/api/generations', headers: alice.headers })).json().generations,
    ).toEqual([]);

    // After the end: the final event at once.
    const again = parseSse((await follow(base, alice, first.id)).body);
    expect(again.map((e) => e.event)).toEqual(['start', 'done']);
    expect(again[1]?.data.article).toBe(FULL_TEXT);
  });

  it('follows in a second tab alongside the first, and a follow-up names its chat', async () => {
    const chat = (
      await t.app.inject({
        method: 'POST',
        url: '/api/generate-article',
        headers: alice.headers,
        payload: { topic: 'Second tab' },
      })
    ).json().historyId;
    const res = await fetch(`${base}/api/history/${chat}/messages`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ content: 'More?' }),
    });
    const id = res.headers.get('x-generation-id')!;
    const [tab1, tab2] = await Promise.all([res.text(), follow(base, alice, id)]);
    expect(deltaText(parseSse(tab1))).toBe(FULL_TEXT);
    const second = parseSse(tab2.body);
    expect(second[0]?.data).toEqual({ generationId: id, historyId: chat });
    expect(deltaText(second)).toBe(FULL_TEXT);
    expect(second.at(-1)?.data.message.content).toBe(FULL_TEXT);
  });

  it('answers 404 for another user’s generation or one that never ran, and 401 without a token', async () => {
    const first = await openStream(base, alice, 'start');
    expect((await follow(base, bob, first.id)).status).toBe(404);
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', 'x'.repeat(101)]) {
      expect([400, 404]).toContain((await follow(base, alice, id)).status);
    }
    expect((await fetch(`${base}/api/generations/${first.id}/stream`)).status).toBe(401);
    await first.finished;
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL)(
  'following a generation on another instance (Redis)',
  () => {
    let fake: FakeOpenAiServer;
    let instances: TestInstances;
    let bases: string[];

    beforeAll(async () => {
      fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 60 });
      instances = await createTestInstances(2, {
        ...providerEnv(fake.url),
        REDIS_URL: redisUrl(),
        AI_RATE_LIMIT_PER_USER: '0',
      });
      bases = [];
      for (const app of instances.apps) {
        await app.listen({ port: 0, host: '127.0.0.1' });
        bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
      }
    });
    afterAll(async () => {
      await instances?.close();
      await fake?.close();
    });

    it('lists it on every instance and streams it to a follower on another one, to the same final event', async () => {
      const user = await createUser(instances.apps[0]!);
      const stream = await openStream(bases[0]!, user, 'delta');
      // Hostile messages on the relay's channels are dropped, never thrown on.
      const redis = instances.apps[0]!.redis!;
      for (const message of [
        'not json',
        'null',
        '[]',
        '{"userId":1}',
        JSON.stringify({ userId: 'x', id: stream.id }),
      ]) {
        await redis.publish('draftsmith:generation-relay', message);
        await redis.publish(`draftsmith:generation-feed:${stream.id}`, message);
      }
      await redis.publish(
        `draftsmith:generation-feed:${stream.id}`,
        JSON.stringify({ offset: 99_999, text: 'x' }),
      );
      const listed = await fetch(`${bases[1]}/api/generations`, { headers: user.headers });
      expect((await listed.json()).generations.map((g: { id: string }) => g.id)).toEqual([stream.id]);
      const followed = parseSse((await follow(bases[1]!, user, stream.id)).body);
      // The text so far and the rest live, relayed through Redis by the instance that writes it.
      expect(followed[0]?.event).toBe('start');
      expect(deltaText(followed)).toBe(FULL_TEXT);
      expect(followed.at(-1)).toEqual({
        event: 'done',
        data: { article: FULL_TEXT, historyId: stream.id, status: 'complete' },
      });
      const other = await createUser(instances.apps[1]!);
      expect((await follow(bases[1]!, other, stream.id)).status).toBe(404);
    });
  },
);
