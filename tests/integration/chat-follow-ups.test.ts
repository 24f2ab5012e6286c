import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveChat } from '#tests/factories/chat';
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
  status?: string;
}

/** Chats that go on: follow-ups, regenerated answers with versions, an edited first request. */
describe.each(testDatabaseKinds())('follow-ups, versions and edits (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: 'First answer.' });
    t = await createTestApp(kind, {
      ...providerEnv(fake.url),
      AI_RATE_LIMIT_PER_USER: '0',
      // A small context: long chats must be trimmed from their oldest turns.
      AI_CONTEXT_TOKENS: '3000',
      AI_MAX_OUTPUT_TOKENS: '200',
    });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const post = (user: TestUser, url: string, payload?: object, sse = false) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...user.headers, ...(sse ? { accept: 'text/event-stream' } : {}) },
      ...(payload ? { payload } : {}),
    });
  const chat = async (user: TestUser, id: string) =>
    (await t.app.inject({ url: `/api/history/item/${id}`, headers: user.headers })).json().history as {
      messages: ApiMessage[];
      input: Record<string, string> | null;
      status: string;
    };
  const explain = async (user: TestUser, code = 'const a = 1;') => {
    fake.enqueue({ text: 'It declares a.' });
    const res = await post(user, '/api/explain-code', { code, language: 'javascript' });
    expect(res.statusCode).toBe(200);
    return res.json().historyId as string;
  };
  const lastRequest = () => fake.requests.at(-1)?.body.messages ?? [];

  it('answers a follow-up with the chat as context and saves both in the chat', async () => {
    const id = await explain(alice);
    fake.enqueue({ text: 'Because const cannot be reassigned.' });
    const res = await post(alice, `/api/history/${id}/messages`, { content: 'Why const?' });
    expect(res.statusCode).toBe(200);
    const { message, historyId, status } = res.json();
    expect(historyId).toBe(id);
    expect(status).toBe('complete');
    expect(message).toMatchObject({
      role: 'assistant',
      content: 'Because const cannot be reassigned.',
      version: 1,
      versions: 1,
      status: 'complete',
    });

    // The model saw the tool's instructions, the first request as the tool put it, its answer, the question.
    const sent = lastRequest();
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[0]?.content).toContain('senior software engineer');
    expect(sent[1]?.content).toContain('Explain the following JavaScript code');
    expect(sent[1]?.content).toContain('const a = 1;');
    expect(sent[2]?.content).toBe('It declares a.');
    expect(sent[3]?.content).toBe('Why const?');

    const saved = await chat(alice, id);
    expect(saved.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Language: javascript\n\n```javascript\nconst a = 1;\n```'],
      ['assistant', 'It declares a.'],
      ['user', 'Why const?'],
      ['assistant', 'Because const cannot be reassigned.'],
    ]);
    expect(saved.messages.at(-1)?.id).toBe(message.id);
    expect(saved.input).toEqual({ code: 'const a = 1;', language: 'javascript' });
  });

  it('streams a follow-up as the tools do, and counts it as a generation', async () => {
    const id = await explain(alice);
    const before = (await t.app.inject({ url: `/api/users/${alice.uid}`, headers: alice.headers })).json()
      .user.usage.used;
    fake.enqueue({ chunks: ['Step ', 'by ', 'step.'] });
    const res = await post(alice, `/api/history/${id}/messages`, { content: 'More detail?' }, true);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.payload);
    expect(events[0]).toMatchObject({ event: 'start', data: { historyId: id } });
    expect(events[0]?.data.generationId).not.toBe(id);
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe('Step by step.');
    expect(events.at(-1)).toMatchObject({
      event: 'done',
      data: { historyId: id, status: 'complete', message: { content: 'Step by step.', role: 'assistant' } },
    });
    const after = (await t.app.inject({ url: `/api/users/${alice.uid}`, headers: alice.headers })).json().user
      .usage.used;
    expect(after).toBe(before + 1);
  });

  it('leaves out the oldest turns of a long chat, whole, to fit the model', async () => {
    const id = await explain(alice, 'let x = 2;');
    const long = 'word '.repeat(900); // about 1,200 tokens by the estimate
    for (const n of [1, 2]) {
      fake.enqueue({ text: `Answer ${n}.` });
      expect(
        (await post(alice, `/api/history/${id}/messages`, { content: `Q${n} ${long}` })).statusCode,
      ).toBe(200);
    }
    fake.enqueue({ text: 'Answer 3.' });
    expect((await post(alice, `/api/history/${id}/messages`, { content: 'Q3 short' })).statusCode).toBe(200);
    const sent = lastRequest();
    // The first request and Q1 with their answers no longer fit: they are left out as whole turns.
    expect(sent.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent[1]?.content).toBe(`Q2 ${long}`.trim()); // questions are saved trimmed
    expect(sent[2]?.content).toBe('Answer 2.');
    expect(sent[3]?.content).toBe('Q3 short');
    // Nothing is lost from the chat itself.
    expect((await chat(alice, id)).messages).toHaveLength(8);

    const tooLong = await post(alice, `/api/history/${id}/messages`, { content: 'word '.repeat(3000) });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().error.code).toBe('payload_too_large:model_context');
  });

  it('keeps every version of a regenerated answer and lets the chat show any of them', async () => {
    const id = await explain(alice);
    fake.enqueue({ text: 'Follow-up answer.' });
    await post(alice, `/api/history/${id}/messages`, { content: 'And then?' });
    fake.enqueue({ text: 'Second version.' });
    const again = await post(alice, `/api/history/${id}/regenerate`);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toMatchObject({ content: 'Second version.', version: 2, versions: 2 });
    // Regenerated from the same context, without the answer it replaces.
    expect(lastRequest().map((m) => m.content)).toEqual([
      expect.any(String),
      expect.stringContaining('const a = 1;'),
      'It declares a.',
      'And then?',
    ]);

    let saved = await chat(alice, id);
    const last = saved.messages.at(-1)!;
    expect(last).toMatchObject({ content: 'Second version.', version: 2, versions: 2 });
    expect(saved.messages).toHaveLength(4);

    const show = (messageId: string, version: unknown, user = alice) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/history/${id}/messages/${messageId}`,
        headers: user.headers,
        payload: { version },
      });
    const first = await show(last.id, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json().history.messages.at(-1)).toMatchObject({ content: 'Follow-up answer.', version: 1 });
    saved = await chat(alice, id);
    expect(saved.messages.at(-1)?.content).toBe('Follow-up answer.');

    // A follow-up builds on the version shown.
    fake.enqueue({ text: 'On version one.' });
    await post(alice, `/api/history/${id}/messages`, { content: 'Next?' });
    expect(lastRequest().at(-2)?.content).toBe('Follow-up answer.');

    expect((await show(last.id, 3)).statusCode).toBe(404);
    expect((await show(last.id, 0)).statusCode).toBe(400);
    expect((await show(last.id, 'two')).statusCode).toBe(400);
    expect((await show('not-a-message', 1)).statusCode).toBe(404);
    expect((await show(last.id, 1, bob)).statusCode).toBe(404);
  });

  it('runs the first request again as the tool did when its only answer is regenerated', async () => {
    const id = await explain(alice, 'function f() {}');
    fake.enqueue({ text: 'Another explanation.' });
    const res = await post(alice, `/api/history/${id}/regenerate`);
    expect(res.json().message).toMatchObject({ content: 'Another explanation.', version: 2, versions: 2 });
    const sent = lastRequest();
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent[1]?.content).toContain('Explain the following JavaScript code');
  });

  it('answers an edited first request as another version of the whole chat', async () => {
    const id = await explain(alice, 'old code');
    fake.enqueue({ text: 'Follow-up.' });
    await post(alice, `/api/history/${id}/messages`, { content: 'Q?' });
    fake.enqueue({ text: 'About the new code.' });
    const res = await post(alice, `/api/history/${id}/edit`, { code: 'new code', language: 'python' });
    expect(res.statusCode).toBe(200);
    const sent = lastRequest();
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    expect(sent[1]?.content).toContain('new code');
    const saved = await chat(alice, id);
    expect(saved.messages.map((m) => m.content)).toEqual([
      'Language: python\n\n```python\nnew code\n```',
      'About the new code.',
    ]);
    expect(saved.messages[0]).toMatchObject({ version: 2, versions: 2 });
    expect(saved.input).toEqual({ code: 'new code', language: 'python' });

    // The first version of the whole chat, with its follow-up, is still there.
    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/history/${id}/messages/${saved.messages[0]!.id}`,
      headers: alice.headers,
      payload: { version: 1 },
    });
    expect(back.json().history.messages.map((m: ApiMessage) => m.content)).toEqual([
      'Language: javascript\n\n```javascript\nold code\n```',
      'It declares a.',
      'Q?',
      'Follow-up.',
    ]);

    const invalid = await post(alice, `/api/history/${id}/edit`, { code: '', language: 'python' });
    expect(invalid.statusCode).toBe(400);
  });

  it('answers 404 for another user’s chat or a chat that does not exist, and 400 for an empty question', async () => {
    const id = await explain(alice);
    const count = fake.requests.length;
    for (const url of [
      `/api/history/${id}/messages`,
      `/api/history/${id}/regenerate`,
      `/api/history/${id}/edit`,
    ]) {
      const res = await post(bob, url, { content: 'Mine now?', code: 'x', language: 'javascript' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found:history');
    }
    for (const bad of ['nope', '00000000-0000-0000-0000-000000000000']) {
      expect((await post(alice, `/api/history/${bad}/messages`, { content: 'Hi' })).statusCode).toBe(404);
    }
    expect((await post(alice, `/api/history/${id}/messages`, { content: '   ' })).statusCode).toBe(400);
    // A question with a control character is refused like any field's (the one input rule, SECURITY.md).
    const refused = await post(alice, `/api/history/${id}/messages`, { content: 'Why\u0000?' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('bad_request:validation');
    // PostgreSQL cannot store U+0000: the model's one is left out rather than losing the answer.
    fake.enqueue({ text: 'Answer\u0000 with a NUL.' });
    const nul = await post(alice, `/api/history/${id}/messages`, { content: 'Why?' });
    expect(nul.statusCode).toBe(200);
    expect(nul.json().message.content).toBe('Answer with a NUL.');
    expect((await chat(alice, id)).messages.at(-2)?.content).toBe('Why?');
    expect((await post(alice, `/api/history/${id}/messages`, {})).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/history/${id}/messages` })).statusCode).toBe(401);
    expect(fake.requests.length).toBe(count + 1); // only the NUL follow-up reached the model
  });

  it('reads chats saved before versions as one path and continues them', async () => {
    const { id } = await saveChat(t.app, alice, {
      title: 'Saved by a client',
      prompt: 'Write about tea',
      answer: 'Tea is a drink.',
    });
    const before = await chat(alice, id);
    expect(before.messages.map((m) => [m.id, m.version, m.versions])).toEqual([
      ['m0', 1, 1],
      ['m1', 1, 1],
    ]);
    expect(before.input).toBeNull();
    fake.enqueue({ text: 'Green and black.' });
    expect((await post(alice, `/api/history/${id}/messages`, { content: 'Which kinds?' })).statusCode).toBe(
      200,
    );
    expect(
      lastRequest()
        .map((m) => m.content)
        .slice(1),
    ).toEqual(['Write about tea', 'Tea is a drink.', 'Which kinds?']);
    fake.enqueue({ text: 'Tea, again.' });
    await post(alice, `/api/history/${id}/regenerate`);
    const after = await chat(alice, id);
    expect(after.messages.map((m) => m.content)).toEqual([
      'Write about tea',
      'Tea is a drink.',
      'Which kinds?',
      'Tea, again.',
    ]);
  });
});
