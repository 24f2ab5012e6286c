import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_SLUGS } from '../../src/shared/services.ts';
import { TOOLS } from '../../src/shared/tools.ts';
import { createUser, type TestUser } from '../factories/user.ts';
import { type FakeOpenAiServer, startFakeOpenAi } from '../fakes/openai-server.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';

const SECRET = 'alice-secret-answer';

describe.each(testDatabaseKinds())('ownership matrix: Bob never gets Alice’s data (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let alice: TestUser;
  let bob: TestUser;
  let aliceChatId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: SECRET });
    t = await createTestApp(kind, {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
    });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: alice.headers,
      payload: { topic: 'Alice private topic' },
    });
    aliceChatId = res.json().historyId;
    fake.setDefault({ text: 'bob answer' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const asBob = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers: bob.headers, ...(payload ? { payload } : {}) });

  const aliceChat = async () =>
    (await t.app.inject({ url: `/api/history/item/${aliceChatId}`, headers: alice.headers })).json().history;

  it.each([
    ...SERVICE_SLUGS.map((slug) => ['GET', `/api/history/${slug}/ALICE`] as const),
    ['GET', '/api/history/ALICE'] as const,
    ['GET', '/api/history/item/CHAT'] as const,
    ['PATCH', '/api/history/CHAT'] as const,
    ['DELETE', '/api/history/CHAT'] as const,
    ['POST', '/api/history'] as const,
    ['POST', '/api/generations/CHAT/stop'] as const,
  ])('%s %s with Alice’s ids → 403 or 404 and no data', async (method, template) => {
    const url = template.replace('ALICE', alice.uid).replace('CHAT', aliceChatId);
    const payload =
      method === 'PATCH'
        ? { title: 'hijacked' }
        : url === '/api/history'
          ? {
              uid: alice.uid,
              service: 'article-generator',
              title: 'planted',
              messages: [{ role: 'user', content: 'x' }],
            }
          : undefined;
    const res = await asBob(method, url, payload);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.payload).not.toContain(SECRET);
    expect(res.payload).not.toContain('Alice private topic');
    expect(Object.keys(res.json())).toEqual(['error']);
  });

  it('leaves Alice’s chat untouched and her history free of anything Bob tried', async () => {
    const chat = await aliceChat();
    expect(chat.title).toBe('Alice private topic');
    expect(chat.messages[1].content).toBe(SECRET);
    const all = (await t.app.inject({ url: `/api/history/${alice.uid}`, headers: alice.headers })).json()
      .history;
    expect(all.map((c: { title: string }) => c.title)).toEqual(['Alice private topic']);
  });

  it('saves tool results under the caller only, whatever uid a body carries', async () => {
    for (const slug of ['code-explainer', 'email-helper'] as const) {
      const payload =
        slug === 'code-explainer'
          ? { code: 'x', language: 'python', uid: alice.uid }
          : { prompt: 'hello', tone: 'friendly', uid: alice.uid };
      const res = await asBob('POST', TOOLS[slug].apiPath, payload);
      expect(res.statusCode).toBe(200);
      const chat = (await asBob('GET', `/api/history/item/${res.json().historyId}`)).json().history;
      expect(chat.uid).toBe(bob.uid);
    }
    const bobs = (await asBob('GET', `/api/history/${bob.uid}`)).json().history;
    expect(bobs).toHaveLength(2);
    expect(JSON.stringify(bobs)).not.toContain(SECRET);
    const alices = (await t.app.inject({ url: `/api/history/${alice.uid}`, headers: alice.headers })).json()
      .history;
    expect(alices).toHaveLength(1);
  });

  it('refuses every tool route without a token', async () => {
    for (const slug of SERVICE_SLUGS) {
      const res = await t.app.inject({ method: 'POST', url: TOOLS[slug].apiPath, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});
