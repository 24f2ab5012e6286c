import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { parseSse } from '#tests/helpers/sse';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const WORDS = Array.from({ length: 12 }, (_, i) => `word${i} `);
const FULL_TEXT = WORDS.join('');

describe.each(testDatabaseKinds())('streaming, disconnects and Stop (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let alice: TestUser;
  let bob: TestUser;
  let baseUrl: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 100 });
    t = await createTestApp(kind, {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const chatById = async (user: TestUser, id: string) =>
    t.app.inject({ url: `/api/history/item/${id}`, headers: user.headers });

  it('finishes and saves the chat even when the client disconnects mid-stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/api/generate-article`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ topic: 'Disconnects' }),
      signal: controller.signal,
    });
    const historyId = res.headers.get('x-generation-id');
    expect(historyId).toMatch(/^[0-9a-f-]{36}$/);
    const reader = res.body!.getReader();
    let received = '';
    while (!received.includes('event: delta'))
      received += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect((await chatById(alice, historyId!)).statusCode).toBe(404); // not saved yet: still generating

    let chat: { status: string; messages: Array<{ content: string }> } | undefined;
    for (let i = 0; i < 100 && !chat; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const found = await chatById(alice, historyId!);
      if (found.statusCode === 200) chat = found.json().history;
    }
    expect(chat?.status).toBe('complete');
    expect(chat?.messages[1]?.content).toBe(FULL_TEXT);
  });

  /** Opens an SSE tool request on the real server and returns once the first delta has arrived. */
  const openStream = async (user: TestUser, path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('event: delta')) received += decoder.decode((await reader.read()).value);
    const rest = (async () => {
      for (let next = await reader.read(); !next.done; next = await reader.read())
        received += decoder.decode(next.value);
      return received;
    })();
    return { id: res.headers.get('x-generation-id')!, finished: rest };
  };

  it('Stop saves the partial answer as stopped and ends the stream with done', async () => {
    const stream = await openStream(alice, '/api/explain-code', { code: 'let x = 1;', language: 'rust' });
    await new Promise((r) => setTimeout(r, 150)); // a few more words

    const byBob = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${stream.id}/stop`,
      headers: bob.headers,
    });
    expect(byBob.statusCode).toBe(404);
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${stream.id}/stop`,
      headers: alice.headers,
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ id: stream.id, historyId: stream.id, status: 'stopped' });

    const events = parseSse(await stream.finished);
    expect(events[0]).toEqual({ event: 'start', data: { generationId: stream.id, historyId: stream.id } });
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data.status).toBe('stopped');
    const partial: string = done?.data.explanation;
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(FULL_TEXT.length);
    expect(FULL_TEXT.startsWith(partial)).toBe(true);

    const chat = (await chatById(alice, stream.id)).json().history;
    expect(chat.status).toBe('stopped');
    expect(chat.messages[1].content).toBe(partial);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${stream.id}/stop`,
      headers: alice.headers,
    });
    expect(again.statusCode).toBe(404); // finished generations are no longer running
  });

  it('sends tokens that arrive apart as delta events of their own, and tokens that arrive together as one', async () => {
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/generate-article',
        headers: { ...alice.headers, accept: 'text/event-stream' },
        payload: { topic: 'Deltas' },
      });
    const deltas = (payload: string) => parseSse(payload).filter((e) => e.event === 'delta');
    const apart = deltas((await call()).payload);
    expect(apart.map((e) => e.data.text)).toEqual(WORDS);
    fake.enqueue({ chunks: WORDS }); // no delay between the chunks
    const together = deltas((await call()).payload);
    expect(together.length).toBeLessThan(WORDS.length);
    expect(together.map((e) => e.data.text).join('')).toBe(FULL_TEXT);
  });

  it('answers 404 for an unknown or finished generation and 401 without a token', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/generations/nope/stop',
      headers: alice.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found:generation');
    expect((await t.app.inject({ method: 'POST', url: '/api/generations/nope/stop' })).statusCode).toBe(401);
  });
});
