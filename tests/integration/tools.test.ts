import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TOOLS } from '#shared/tools';
import { createUser, type TestUser } from '#tests/factories/user';
import { FAKE_DEFAULT_TEXT, type FakeOpenAiServer } from '#tests/fakes/openai-server';
import { createFakeModelApp } from '#tests/helpers/fake-model-app';
import { multipartPayload } from '#tests/helpers/multipart';
import { deltaText, parseSse } from '#tests/helpers/sse';
import type { TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

type Slug = keyof typeof TOOLS;

/** One valid request per tool, and what its saved user message must contain. */
const CASES: Array<{ slug: Slug; input: Record<string, string>; title: string; userMessage: string[] }> = [
  {
    slug: 'code-explainer',
    input: { code: 'def add(a, b):\n    return a + b', language: 'python' },
    title: 'def add(a, b):\n    return a + b',
    userMessage: ['Language: python', '```python\ndef add(a, b):'],
  },
  {
    slug: 'code-refactor',
    input: { code: 'var x = 1; var y = x + 1;', language: 'javascript' },
    title: 'var x = 1; var y = x + 1;',
    userMessage: ['Language: javascript', '```javascript\nvar x = 1;'],
  },
  {
    slug: 'article-generator',
    input: { topic: 'Why tests matter' },
    title: 'Why tests matter',
    userMessage: ['Why tests matter'],
  },
  {
    slug: 'email-helper',
    input: { tone: 'friendly', prompt: 'Invite the team to lunch on Friday' },
    title: 'Invite the team to lunch on Friday',
    userMessage: ['Tone: friendly', 'Invite the team to lunch on Friday'],
  },
  {
    slug: 'doc-summarizer',
    input: { text: 'A long report about rivers.' },
    title: 'A long report about rivers.',
    userMessage: ['A long report about rivers.'],
  },
  {
    slug: 'resume-assistant',
    input: {
      text: 'Jane Doe, engineer since 2015',
      jobDescription: 'Build APIs',
      tone: 'confident',
      role: 'Staff Engineer',
    },
    title: 'Jane Doe, engineer since 2015',
    userMessage: [
      'Target role: Staff Engineer',
      'Tone: confident',
      'Job description:\nBuild APIs',
      'Resume:\nJane Doe',
    ],
  },
];

async function body(slug: Slug, input: Record<string, string>) {
  if (TOOLS[slug].transport === 'multipart') return multipartPayload(input);
  return { payload: input, headers: {} as Record<string, string> };
}

describe.each(testDatabaseKinds())('tool routes through an OpenAI-compatible provider (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let user: TestUser;

  beforeAll(async () => {
    ({ t, fake } = await createFakeModelApp(kind, {
      AI_RETRY_DELAY_MS: '10',
      AI_TIMEOUT_MS: '800',
      // One user makes about 30 valid calls here within a minute; the per-user call limit has its own
      // tests (generation-limits-burst.test.ts) and would otherwise decide which of these runs first.
      AI_RATE_LIMIT_PER_USER: '0',
    }));
    user = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.setDefault({});
  });

  /**
   * What a reply carries beside the answer for some tools (issue 34): the resume's check (its contents:
   * resume-checks.test.ts), and the e-mail's drafts, one here (email-threads.test.ts has the rest).
   */
  const answerExtras = (slug: Slug) =>
    slug === 'resume-assistant'
      ? { provenance: expect.any(Array), unsupported: expect.any(Array) }
      : slug === 'email-helper'
        ? { variants: [{ messageId: expect.any(String), email: FAKE_DEFAULT_TEXT }] }
        : {};

  const call = async (slug: Slug, input: Record<string, string>, accept?: string) => {
    const { payload, headers } = await body(slug, input);
    return t.app.inject({
      method: 'POST',
      url: TOOLS[slug].apiPath,
      headers: { ...user.headers, ...headers, ...(accept ? { accept } : {}) },
      payload,
    });
  };
  const historyCount = async (slug: Slug) =>
    (await t.app.inject({ url: `/api/history/${slug}/${user.uid}`, headers: user.headers })).json().history
      .length;

  it.each(CASES)(
    '$slug answers JSON with its output field and saves the chat',
    async ({ slug, input, title, userMessage }) => {
      const res = await call(slug, input);
      expect(res.statusCode).toBe(200);
      const reply = res.json();
      const field = TOOLS[slug].outputField;
      expect(reply).toEqual({
        [field]: FAKE_DEFAULT_TEXT,
        historyId: expect.any(String),
        status: 'complete',
        // The resume assistant's job match report (its contents: documents-api.test.ts).
        ...(slug === 'resume-assistant' ? { matchReport: reply.matchReport } : {}),
        // What was read of a document: none here (document-questions.test.ts has them).
        ...(TOOLS[slug].transport === 'multipart' ? { coverage: null } : {}),
        ...answerExtras(slug),
      });

      const sent = fake.requests[0]?.body;
      expect(sent?.model).toBe('fake-model');
      expect(sent?.stream).toBe(true);
      expect(sent?.messages.map((m) => m.role)).toEqual(['system', 'user']);
      for (const value of Object.values(input)) expect(sent?.messages[1]?.content).toContain(value);

      const item = await t.app.inject({ url: `/api/history/item/${reply.historyId}`, headers: user.headers });
      const chat = item.json().history;
      expect(chat).toMatchObject({
        _id: reply.historyId,
        id: reply.historyId,
        title,
        service: slug,
        uid: user.uid,
        status: 'complete',
      });
      expect(chat.messages).toHaveLength(2);
      expect(chat.messages[1]).toEqual({
        id: expect.any(String),
        role: 'assistant',
        content: FAKE_DEFAULT_TEXT,
        version: 1,
        versions: 1,
        status: 'complete',
        createdAt: expect.any(String),
        // A resume's check is saved with its answer.
        ...(slug === 'resume-assistant'
          ? { provenance: reply.provenance, unsupported: reply.unsupported }
          : {}),
      });
      for (const part of userMessage) expect(chat.messages[0].content).toContain(part);
    },
  );

  it.each(CASES)('$slug streams delta events then done with the same result', async ({ slug, input }) => {
    const res = await call(slug, input, 'text/event-stream');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = parseSse(res.payload);
    expect(events[0]?.event).toBe('start');
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    // The fake sends its words at once: they may arrive, and so leave, as fewer delta events than words.
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    expect(deltaText(events)).toBe(FAKE_DEFAULT_TEXT);
    const field = TOOLS[slug].outputField;
    expect(done?.data).toEqual({
      [field]: FAKE_DEFAULT_TEXT,
      historyId: events[0]?.data.historyId,
      status: 'complete',
      ...(slug === 'resume-assistant' ? { matchReport: done?.data.matchReport } : {}),
      ...(TOOLS[slug].transport === 'multipart' ? { coverage: null } : {}),
      ...answerExtras(slug),
    });
    expect(res.headers['x-generation-id']).toBe(done?.data.historyId);
  });

  it('retries a 429 and a 500 before the first token, then succeeds', async () => {
    fake.enqueue({ status: 429 }, { status: 500 });
    const res = await call('article-generator', { topic: 'Retries' });
    expect(res.statusCode).toBe(200);
    expect(fake.requests).toHaveLength(3);
  });

  it('answers a clear error and saves nothing when the provider keeps failing', async () => {
    const before = await historyCount('article-generator');
    fake.setDefault({ status: 500 });
    const res = await call('article-generator', { topic: 'Failing' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: { code: 'bad_gateway:ai', message: 'The AI provider returned an error. Please try again.' },
    });
    expect(fake.requests).toHaveLength(3); // one try and AI_MAX_RETRIES (2) retries

    fake.setDefault({ status: 429 });
    const limited = await call('article-generator', { topic: 'Rate limited' }, 'text/event-stream');
    const events = parseSse(limited.payload);
    expect(events.at(-1)).toEqual({
      event: 'error',
      data: { code: 'unavailable:ai_rate_limited', message: expect.stringContaining('too many requests') },
    });
    expect(await historyCount('article-generator')).toBe(before);
  });

  it('does not retry a credentials error', async () => {
    fake.setDefault({ status: 401 });
    const res = await call('email-helper', { prompt: 'x' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('bad_gateway:ai_credentials');
    expect(fake.requests).toHaveLength(1);
  });

  it('waits for a slow first token within the timeout', async () => {
    fake.enqueue({ firstTokenDelayMs: 300, text: 'Late but fine.' });
    const res = await call('article-generator', { topic: 'Slow' });
    expect(res.statusCode).toBe(200);
    expect(res.json().article).toBe('Late but fine.');
  });

  it('times out a provider that never sends a token, without saving', async () => {
    const before = await historyCount('code-explainer');
    fake.setDefault({ hang: true });
    const started = Date.now();
    const res = await call('code-explainer', { code: 'x', language: 'rust' });
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toEqual({
      code: 'timeout:ai',
      message: 'The AI provider did not answer in time. Please try again.',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(fake.requests).toHaveLength(1); // a timeout is not retried
    expect(await historyCount('code-explainer')).toBe(before);
  });
  it('validates input: required fields, languages, tones, sizes, file parts', async () => {
    const expectError = async (
      slug: Slug,
      input: Record<string, string>,
      status: number,
      message: string | RegExp,
    ) => {
      const res = await call(slug, input);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toMatch(message);
    };
    await expectError('code-explainer', { language: 'python' }, 400, 'Code is required.');
    await expectError('code-refactor', { code: 'x', language: 'cobol' }, 400, /^Language must be one of/);
    await expectError('article-generator', { topic: '  ' }, 400, 'Article topic is required.');
    await expectError(
      'email-helper',
      { prompt: 'x', tone: 'angry' },
      400,
      /^Tone must be one of: professional, friendly/,
    );
    await expectError(
      'resume-assistant',
      { text: 'cv', tone: 'apologetic' },
      400,
      /^Tone must be one of: professional, confident/,
    );
    await expectError('doc-summarizer', {}, 400, 'Text to summarize is required.');
    await expectError(
      'doc-summarizer',
      { text: 'a'.repeat(100_001) },
      413,
      /too long: at most 100,000 characters/,
    );
    await expectError(
      'code-explainer',
      { code: 'a'.repeat(100_001), language: 'java' },
      413,
      /^Code is too long/,
    );
    const tooBigJson = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(tooBigJson.statusCode).toBe(413);

    // A file in another field than the tool's `file` (documents are tests/integration/documents-api.test.ts).
    const withFile = await multipartPayload(
      { text: 'x' },
      { field: 'resume', name: 'cv.txt', content: 'cv' },
    );
    const fileRes = await t.app.inject({
      method: 'POST',
      url: '/api/resume-assistant',
      headers: { ...user.headers, ...withFile.headers },
      payload: withFile.payload,
    });
    expect(fileRes.statusCode).toBe(400);
    expect(fileRes.json().error.code).toBe('bad_request:file_upload');
    expect(fake.requests).toHaveLength(0);
  });
});
