import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_SLUGS, TOOLS } from '#shared/tools';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { multipartPayload } from '#tests/helpers/multipart';
import { photoFile } from '#tests/helpers/photos';
import { routesOf } from '#tests/helpers/routes';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

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
    ...TOOL_SLUGS.map((slug) => ['GET', `/api/history/${slug}/ALICE`] as const),
    ['GET', '/api/history/ALICE'] as const,
    ['GET', '/api/history/item/CHAT'] as const,
    ['PATCH', '/api/history/CHAT'] as const,
    ['DELETE', '/api/history/CHAT'] as const,
    ['POST', '/api/history'] as const,
    ['POST', '/api/generations/CHAT/stop'] as const,
    ['POST', '/api/history/CHAT/messages'] as const,
    ['POST', '/api/history/CHAT/regenerate'] as const,
    ['POST', '/api/history/CHAT/edit'] as const,
    ['GET', '/api/history/CHAT/document/passage?pages=1'] as const,
  ])('%s %s with Alice’s ids → 403 or 404 and no data', async (method, template) => {
    const url = template.replace('ALICE', alice.uid).replace('CHAT', aliceChatId);
    const payload =
      method === 'PATCH'
        ? { title: 'hijacked' }
        : url.endsWith('/messages')
          ? { content: 'hijacked' }
          : url.endsWith('/edit')
            ? { topic: 'hijacked' }
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

  /**
   * Every route that takes a user or chat id, read from the router so that a new one cannot be left
   * out: each needs an entry here with a valid body, so that only ownership can refuse it. Routes are
   * named as the router prints them (a shared parameter shows the first route's name). Public routes
   * say so.
   */
  const PUBLIC_ID_ROUTES = new Set(['GET /api/uploads/:key', 'GET /api/shared/:token']);
  type Call = { url: string; payload?: string | Buffer | object; headers?: Record<string, string> };
  const ID_ROUTES: Record<string, (uid: string, chat: string) => Promise<Call> | Call> = {
    'GET /api/users/:uid': (uid) => ({ url: `/api/users/${uid}` }),
    'GET /api/users/:uid/export': (uid) => ({ url: `/api/users/${uid}/export` }),
    'PUT /api/users/:uid/photo': async (uid) => ({
      url: `/api/users/${uid}/photo`,
      ...(await multipartPayload({}, photoFile())),
    }),
    'GET /api/history/:type': (uid) => ({ url: `/api/history/${uid}` }),
    'GET /api/history/:type/:uid': (uid) => ({ url: `/api/history/article-generator/${uid}` }),
    'GET /api/history/item/:id': (_uid, chat) => ({ url: `/api/history/item/${chat}` }),
    'PATCH /api/history/:type': (_uid, chat) => ({
      url: `/api/history/${chat}`,
      payload: { title: 'hijacked' },
    }),
    'DELETE /api/history/:type': (_uid, chat) => ({ url: `/api/history/${chat}` }),
    'GET /api/history/:type/file': (_uid, chat) => ({ url: `/api/history/${chat}/file` }),
    'POST /api/history/:type/messages/:messageId/rewrite': async (_uid, chat) => ({
      url: `/api/history/${chat}/messages/${(await aliceChat()).messages[1].id}/rewrite`,
      payload: { instruction: 'shorter' },
    }),
    'PUT /api/history/:type/messages/:messageId': async (_uid, chat) => ({
      url: `/api/history/${chat}/messages/${(await aliceChat()).messages[1].id}`,
      payload: { content: 'hijacked' },
    }),
    'GET /api/history/:type/document/passage': (_uid, chat) => ({
      url: `/api/history/${chat}/document/passage?pages=1`,
    }),
    'GET /api/history/:type/export': (_uid, chat) => ({ url: `/api/history/${chat}/export?format=md` }),
    'POST /api/generations/:id/stop': (_uid, chat) => ({ url: `/api/generations/${chat}/stop` }),
    'GET /api/generations/:id/stream': (_uid, chat) => ({ url: `/api/generations/${chat}/stream` }),
    'POST /api/history/:type/messages': (_uid, chat) => ({
      url: `/api/history/${chat}/messages`,
      payload: { content: 'Whose chat is this?' },
    }),
    'POST /api/history/:type/regenerate': (_uid, chat) => ({ url: `/api/history/${chat}/regenerate` }),
    'POST /api/history/:type/cover-letter': (_uid, chat) => ({ url: `/api/history/${chat}/cover-letter` }),
    'GET /api/history/:type/source': (_uid, chat) => ({ url: `/api/history/${chat}/source` }),
    'POST /api/history/:type/edit': (_uid, chat) => ({
      url: `/api/history/${chat}/edit`,
      payload: { topic: 'hijacked' },
    }),
    'POST /api/history/:type/share': (_uid, chat) => ({ url: `/api/history/${chat}/share` }),
    'GET /api/history/:type/share': (_uid, chat) => ({ url: `/api/history/${chat}/share` }),
    'DELETE /api/history/:type/share': (_uid, chat) => ({ url: `/api/history/${chat}/share` }),
    'GET /api/history/:type/transcript': (_uid, chat) => ({
      url: `/api/history/${chat}/transcript?format=json`,
    }),
    'GET /api/users/:uid/history-export': (uid) => ({ url: `/api/users/${uid}/history-export` }),
    'PATCH /api/history/:type/messages/:messageId': (_uid, chat) => ({
      url: `/api/history/${chat}/messages/m1`,
      payload: { version: 1 },
    }),
    // Administrators only (admin-api.test.ts): Bob is not one.
    'PUT /api/admin/users/:uid/plan': (uid) => ({
      url: `/api/admin/users/${uid}/plan`,
      payload: { plan: 'pro' },
    }),
    'POST /api/admin/users/:uid/disable': (uid) => ({ url: `/api/admin/users/${uid}/disable` }),
    'POST /api/admin/users/:uid/enable': (uid) => ({ url: `/api/admin/users/${uid}/enable` }),
    'PUT /api/admin/organizations/:id/plan': (uid) => ({
      url: `/api/admin/organizations/${uid}/plan`,
      payload: { plan: 'enterprise' },
    }),
    // Teams (teams.test.ts has the matrix of members, former members and other teams).
    'GET /api/organizations/:id/usage': (uid) => ({ url: `/api/organizations/${uid}/usage` }),
    'GET /api/organizations/:id/chats': (uid) => ({ url: `/api/organizations/${uid}/chats` }),
    // Answered to the invited account only; teams.test.ts refuses a real invitation to everyone else.
    'GET /api/invitations/:id': (_uid, chat) => ({ url: `/api/invitations/${chat}` }),
    'POST /api/history/:type/team-share': (_uid, chat) => ({ url: `/api/history/${chat}/team-share` }),
    'DELETE /api/history/:type/team-share': (_uid, chat) => ({ url: `/api/history/${chat}/team-share` }),
  };

  it('covers every route that takes an id, with Alice’s ids in every spelling', async () => {
    const idRoutes = routesOf(t.app).filter(
      (r) => r.method !== 'HEAD' && r.path.includes('/:') && !r.path.startsWith('/api/auth'),
    );
    expect(idRoutes.length).toBeGreaterThan(5);
    for (const route of idRoutes) {
      const name = `${route.method} ${route.path}`;
      if (PUBLIC_ID_ROUTES.has(name)) continue;
      const build = ID_ROUTES[name];
      expect(build, `${name} needs an entry in the ownership matrix`).toBeDefined();
      if (!build) continue;
      const uids = [alice.uid, alice.uid.toUpperCase(), encodeURIComponent(alice.uid)];
      const chats = [aliceChatId, aliceChatId.toUpperCase()];
      for (const uid of uids) {
        for (const chat of chats) {
          const call = await build(uid, chat);
          for (const url of [call.url, `${call.url}/`, call.url.replace('/api/', '/api//')]) {
            const res = await t.app.inject({
              method: route.method,
              url,
              headers: { ...bob.headers, ...call.headers },
              ...(call.payload ? { payload: call.payload } : {}),
            });
            // The canonical spelling is refused for ownership; odd ones may also fail validation first.
            const refusals = url === call.url ? [403, 404] : [400, 403, 404];
            expect(refusals, `${route.method} ${url}`).toContain(res.statusCode);
            expect(res.payload).not.toContain(SECRET);
            expect(res.payload).not.toContain('Alice private topic');
          }
        }
      }
    }
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
    for (const slug of TOOL_SLUGS) {
      const res = await t.app.inject({ method: 'POST', url: TOOLS[slug].apiPath, payload: {} });
      expect(res.statusCode).toBe(401);
    }
  });
});
