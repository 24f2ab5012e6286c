import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const MAX_CHATS = 5;
const MAX_BYTES = 20_000;
const QUOTA_ADVICE = 'Delete old chats from your history to save new ones.';

/**
 * Per-user history limits: HISTORY_MAX_CHATS_PER_USER, HISTORY_MAX_BYTES_PER_USER (checked in the
 * insert's transaction under a per-user lock) and HISTORY_RATE_LIMIT_PER_USER.
 */
describe.each(testDatabaseKinds())('history quota and rate limit (%s)', (kind) => {
  let t: TestApp;
  let limited: TestApp;
  let fake: FakeOpenAiServer;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp(kind, {
      HISTORY_MAX_CHATS_PER_USER: String(MAX_CHATS),
      HISTORY_MAX_BYTES_PER_USER: String(MAX_BYTES),
      HISTORY_RATE_LIMIT_PER_USER: '0',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
    });
    limited = await createTestApp(kind, { HISTORY_RATE_LIMIT_PER_USER: '3' });
  });
  afterAll(async () => {
    await t?.close();
    await limited?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  /** A chat whose stored size (size_bytes) is about `bytes`. */
  const chat = (as: TestUser, title: string, bytes = 100) => ({
    uid: as.uid,
    service: 'email-helper',
    title,
    messages: [
      { role: 'user', content: 'Write it' },
      { role: 'assistant', content: 'x'.repeat(Math.max(1, bytes - 60)) },
    ],
  });
  const save = (as: TestUser, title: string, bytes?: number, app = t) =>
    app.app.inject({
      method: 'POST',
      url: '/api/history',
      headers: as.headers,
      payload: chat(as, title, bytes),
    });
  const count = async (as: TestUser) =>
    (await t.app.inject({ url: `/api/history/${as.uid}?limit=100`, headers: as.headers })).json().history
      .length as number;

  it('refuses the chat past HISTORY_MAX_CHATS_PER_USER with 413 until one is deleted', async () => {
    const user = await createUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < MAX_CHATS; i++) {
      const res = await save(user, `Chat ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().history.id);
    }
    const over = await save(user, 'One too many');
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toEqual({
      code: 'payload_too_large:history_quota',
      message: `You have ${MAX_CHATS} saved chats, the most one account can keep. ${QUOTA_ADVICE}`,
    });
    expect(await count(user)).toBe(MAX_CHATS);

    // Another user is not affected; deleting a chat makes room again.
    expect((await save(await createUser(t.app), 'Mine')).statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: `/api/history/${ids[0]}`, headers: user.headers });
    expect((await save(user, 'Room again')).statusCode).toBe(201);
  });

  it('lets exactly one of 20 concurrent saves through when one chat is left', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < MAX_CHATS - 1; i++) expect((await save(user, `Chat ${i}`)).statusCode).toBe(201);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => save(user, `Race ${i}`)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 413)).toHaveLength(19);
    expect(await count(user)).toBe(MAX_CHATS);
  });

  it('refuses a chat that would pass HISTORY_MAX_BYTES_PER_USER, also under concurrency', async () => {
    const user = await createUser(t.app);
    expect((await save(user, 'Big 1', 6000)).statusCode).toBe(201);
    expect((await save(user, 'Big 2', 6000)).statusCode).toBe(201);
    // 12 KB stored: one more 6 KB chat fits under 20 KB, two do not.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => save(user, `Race ${i}`, 6000)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = results.find((r) => r.statusCode === 413);
    expect(refused?.json().error).toEqual({
      code: 'payload_too_large:history_quota',
      message: `Your saved chats would take more than 20 KB, the most one account can keep. ${QUOTA_ADVICE}`,
    });
    expect(await count(user)).toBe(3);
    // A small chat still fits in what is left.
    expect((await save(user, 'Small', 500)).statusCode).toBe(201);
  });

  it('refuses a generation before it starts when the history is full, and runs it otherwise', async () => {
    const user = await createUser(t.app);
    const generate = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/generate-article',
        headers: user.headers,
        payload: { topic: 'Quotas' },
      });
    const ok = await generate();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(fake.requests).toHaveLength(1);

    for (let i = 1; i < MAX_CHATS; i++) expect((await save(user, `Chat ${i}`)).statusCode).toBe(201);
    const refused = await generate();
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.code).toBe('payload_too_large:history_quota');
    expect(fake.requests).toHaveLength(1); // the model was never asked
    expect(await count(user)).toBe(MAX_CHATS);
  });

  it('rate-limits POST /api/history per user with 429 and Retry-After', async () => {
    const user = await createUser(limited.app);
    for (let i = 0; i < 3; i++) expect((await save(user, `Chat ${i}`, 100, limited)).statusCode).toBe(201);
    const over = await save(user, 'Too fast', 100, limited);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limit:history');
    expect(over.json().error.message).toMatch(
      /^Too many chats saved: at most 3 a minute\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Counted per user.
    const other = await createUser(limited.app);
    expect((await save(other, 'Mine', 100, limited)).statusCode).toBe(201);
  });
});
