import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { parseSse } from '#tests/helpers/sse';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

interface ApiMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  version: number;
  versions: number;
}

/**
 * An answer edited by hand, or rewritten in part by the model (issue 33): another version of it each
 * time; an edit is never counted as a generation, a rewrite is.
 */
describe.each(testDatabaseKinds())('edited answers (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: '# Launch notes\n\nWe ship on Monday.' });
    t = await createTestApp(kind, { ...providerEnv(fake.url), AI_RATE_LIMIT_PER_USER: '0' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const article = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: alice.headers,
      payload: { topic: 'Launch notes for the team' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().historyId as string;
  };
  const chat = async (id: string, user = alice) =>
    (await t.app.inject({ url: `/api/history/item/${id}`, headers: user.headers })).json().history as {
      messages: ApiMessage[];
    };
  const edit = (id: string, messageId: string, payload: unknown, user = alice) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/history/${id}/messages/${messageId}`,
      headers: user.headers,
      payload: payload as object,
    });
  const used = async () =>
    (await t.app.inject({ url: `/api/users/${alice.uid}`, headers: alice.headers })).json().user.usage.used;

  it('saves the edit as another version of the answer, shown, not counted; the earlier stays', async () => {
    const id = await article();
    const before = await used();
    const [, answer] = (await chat(id)).messages;
    const res = await edit(id, answer!.id, { content: '# Launch notes\n\nWe ship on **Tuesday**.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({
      role: 'assistant',
      content: '# Launch notes\n\nWe ship on **Tuesday**.',
      version: 2,
      versions: 2,
      status: 'complete',
    });
    const shown = (await chat(id)).messages;
    expect(shown.map((m) => m.content)).toEqual([
      'Launch notes for the team',
      '# Launch notes\n\nWe ship on **Tuesday**.',
    ]);
    expect(await used()).toBe(before);
    // The first version is still there: showing it brings it back.
    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/history/${id}/messages/${res.json().message.id}`,
      headers: alice.headers,
      payload: { version: 1 },
    });
    expect(back.json().history.messages[1].content).toBe('# Launch notes\n\nWe ship on Monday.');
  });

  it('refuses empty or over-long content, a request or unknown message, and another user’s chat', async () => {
    const id = await article();
    const [question, answer] = (await chat(id)).messages;
    for (const payload of [{ content: '' }, { content: '  \n ' }, {}, { content: 'x'.repeat(400_001) }]) {
      const res = await edit(id, answer!.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      expect(res.json().error.code).toBe('bad_request:validation');
    }
    for (const messageId of [question!.id, 'not-a-message']) {
      const res = await edit(id, messageId, { content: 'Edited.' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found:message');
    }
    const theirs = await edit(id, answer!.id, { content: 'Hijacked.' }, bob);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('not_found:history');
    expect((await chat(id)).messages[1]?.content).toBe('# Launch notes\n\nWe ship on Monday.');
  });

  it('answers 409 while an answer of the chat is being written', async () => {
    const id = await article();
    const [, answer] = (await chat(id)).messages;
    fake.enqueue({ text: 'A slow follow-up answer.', firstTokenDelayMs: 1500 });
    const followUp = t.app.inject({
      method: 'POST',
      url: `/api/history/${id}/messages`,
      headers: alice.headers,
      payload: { content: 'And on Wednesday?' },
    });
    let running = false;
    for (let i = 0; i < 100 && !running; i++) {
      await new Promise((r) => setTimeout(r, 10));
      const list = await t.app.inject({ url: '/api/generations', headers: alice.headers });
      running = list.json().generations.some((g: { historyId: string }) => g.historyId === id);
    }
    expect(running).toBe(true);
    const res = await edit(id, answer!.id, { content: 'Edited meanwhile.' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('conflict:generation_running');
    expect((await followUp).statusCode).toBe(200);
  });

  const rewrite = (
    id: string,
    messageId: string,
    payload: unknown,
    options: { user?: TestUser; sse?: boolean } = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/history/${id}/messages/${messageId}/rewrite`,
      headers: {
        ...(options.user ?? alice).headers,
        ...(options.sse ? { accept: 'text/event-stream' } : {}),
      },
      payload: payload as object,
    });

  it('rewrites the selection with the whole answer as context, saved as a version; counted', async () => {
    const id = await article();
    const [, answer] = (await chat(id)).messages;
    const content = answer!.content; // '# Launch notes\n\nWe ship on Monday.'
    const start = content.indexOf('We ship');
    const before = await used();
    fake.requests.length = 0;
    fake.enqueue({ chunks: ['Shipping ', 'Monday.'] });
    const res = await rewrite(
      id,
      answer!.id,
      { instruction: 'shorter', selection: { start, end: content.length } },
      { sse: true },
    );
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.payload);
    const deltas = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(deltas).toBe('Shipping Monday.');
    const done = events.at(-1);
    expect(done).toMatchObject({
      event: 'done',
      data: {
        historyId: id,
        status: 'complete',
        message: { content: '# Launch notes\n\nShipping Monday.', version: 2, versions: 2 },
      },
    });
    // The model got the whole answer, the part to rewrite and what to do.
    const sent = fake.requests[0]?.body.messages ?? [];
    const prompt = sent.at(-1)?.content ?? '';
    expect(prompt).toContain(`<answer>\n${content}\n</answer>`);
    expect(prompt).toContain('<part_to_rewrite>\nWe ship on Monday.\n</part_to_rewrite>');
    expect(prompt).toContain('Make it shorter');
    expect(sent[0]?.content).toContain('Reply with the new text only');
    expect(await used()).toBe(before + 1);
    expect((await chat(id)).messages[1]?.content).toBe('# Launch notes\n\nShipping Monday.');
  });

  it('continues at the cursor, and rewrites the whole answer without a selection', async () => {
    const id = await article();
    const [, answer] = (await chat(id)).messages;
    fake.enqueue({ text: '\n\nThe release notes follow on Tuesday.' });
    const more = await rewrite(id, answer!.id, { instruction: 'continue' });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().message.content).toBe(
      '# Launch notes\n\nWe ship on Monday.\n\nThe release notes follow on Tuesday.',
    );
    expect(fake.requests.at(-1)?.body.messages.at(-1)?.content).toContain('<before_cursor>');
    fake.enqueue({ text: 'Hey team! We ship Monday.' });
    const casual = await rewrite(id, more.json().message.id, { instruction: 'tone:friendly' });
    expect(casual.json().message).toMatchObject({
      content: 'Hey team! We ship Monday.',
      version: 3,
      versions: 3,
    });
    expect(fake.requests.at(-1)?.body.messages.at(-1)?.content).toContain('in a friendly tone');
  });

  it('saves nothing and counts nothing when stopped mid-rewrite', async () => {
    const id = await article();
    const [, answer] = (await chat(id)).messages;
    const before = await used();
    fake.enqueue({ chunks: Array.from({ length: 40 }, (_, i) => `word${i} `), chunkDelayMs: 50 });
    const pending = rewrite(id, answer!.id, { instruction: 'longer' }, { sse: true });
    let running: { id: string; kind: string } | undefined;
    for (let i = 0; i < 200 && !running; i++) {
      await new Promise((r) => setTimeout(r, 10));
      const list = await t.app.inject({ url: '/api/generations', headers: alice.headers });
      running = list.json().generations.find((g: { historyId: string }) => g.historyId === id);
    }
    // Listed as a rewrite: the chat's page does not take it for an answer of its own.
    expect(running).toMatchObject({ kind: 'rewrite' });
    const generationId = running?.id;
    await new Promise((r) => setTimeout(r, 200));
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${generationId}/stop`,
      headers: alice.headers,
    });
    expect(stop.statusCode).toBe(200);
    const done = parseSse((await pending).payload).at(-1);
    expect(done).toMatchObject({ event: 'done', data: { status: 'stopped', message: { id: answer!.id } } });
    const after = (await chat(id)).messages;
    expect(after[1]).toMatchObject({ id: answer!.id, version: 1, versions: 1 });
    expect(await used()).toBe(before);
  });

  it('refuses a selection outside the answer, backwards, blank or in a fence’s first line; bad instructions; others’ chats', async () => {
    fake.enqueue({ text: 'Intro.\n\n```js\nconst a = 1;\n```\n\nEnd.' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: alice.headers,
      payload: { topic: 'A code sample for the team' },
    });
    const id = res.json().historyId as string;
    const [, answer] = (await chat(id)).messages;
    const content = answer!.content;
    const fence = content.indexOf('```js');
    for (const selection of [
      { start: 0, end: content.length + 1 },
      { start: 5, end: 2 },
      { start: 6, end: 8 }, // '\n\n'
      { start: fence + 2, end: content.length },
      { start: 0, end: fence + 5 },
    ]) {
      const refused = await rewrite(id, answer!.id, { instruction: 'improve', selection });
      expect(refused.statusCode, JSON.stringify(selection)).toBe(400);
      expect(refused.json().error.code).toBe('bad_request:selection');
    }
    // A whole fenced block can be selected from the start of its first line.
    fake.enqueue({ text: '```js\nconst a = 2;\n```' });
    const block = await rewrite(id, answer!.id, {
      instruction: 'custom:use 2',
      selection: { start: fence, end: content.indexOf('\n\nEnd.') },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json().message.content).toBe('Intro.\n\n```js\nconst a = 2;\n```\n\nEnd.');

    for (const instruction of ['rewrite', 'tone:angry', 'custom:', `custom:${'x'.repeat(1001)}`, 42]) {
      const refused = await rewrite(id, answer!.id, { instruction });
      expect(refused.statusCode, String(instruction).slice(0, 20)).toBe(400);
      expect(refused.json().error.code).toBe('bad_request:validation');
    }
    const theirs = await rewrite(id, answer!.id, { instruction: 'improve' }, { user: bob });
    expect(theirs.statusCode).toBe(404);
    const unknown = await rewrite(id, 'not-a-message', { instruction: 'improve' });
    expect(unknown.json().error.code).toBe('not_found:message');
  });
});
