import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const messages = [
  { role: 'user', content: 'Explain closures' },
  { role: 'assistant', content: 'A closure is…' },
];

describe.each(testDatabaseKinds())('history API (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'm',
    });
    user = await createUser(t.app);
  });
  afterAll(() => t.close());

  const save = (title: string, service = 'code-explainer', as: TestUser = user) =>
    t.app.inject({
      method: 'POST',
      url: '/api/history',
      headers: as.headers,
      payload: { uid: as.uid, service, title, messages },
    });
  const list = (path: string, as: TestUser = user) =>
    t.app.inject({ url: `/api/history/${path}`, headers: as.headers });

  it('saves a chat posted by the client and returns it in the chat shape', async () => {
    const res = await save('Closures');
    expect(res.statusCode).toBe(201);
    const chat = res.json().history;
    expect(chat).toEqual({
      _id: chat.id,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Closures',
      service: 'code-explainer',
      // Saved without ids: the n-th message is `m<n>` and follows the one before (one path, no versions).
      messages: messages.map((message, index) => ({
        ...message,
        id: `m${index}`,
        version: 1,
        versions: 1,
        ...(message.role === 'assistant' ? { status: 'complete' } : {}),
        createdAt: null,
      })),
      input: null,
      uid: user.uid,
      status: 'complete',
      createdAt: expect.any(String),
      file: null,
      matchReport: null,
      coverage: null,
      // Private: shared with no team.
      teamShare: null,
    });
  });

  it('validates posted chats', async () => {
    const bad = async (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/history',
        headers: user.headers,
        payload: { uid: user.uid, service: 'code-explainer', title: 't', messages, ...payload },
      });
    expect((await bad({ service: 'nope' })).statusCode).toBe(400);
    expect((await bad({ title: '   ' })).json().error.message).toBe('title: Title is required.');
    expect((await bad({ messages: [] })).statusCode).toBe(400);
    expect((await bad({ messages: [{ role: 'system', content: 'x' }] })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/history', payload: { uid: user.uid } })).statusCode,
    ).toBe(401);
  });

  it('lists one service or all services, newest first, with cursor pagination', async () => {
    const fresh = await createUser(t.app);
    for (let i = 1; i <= 5; i++) {
      await save(`Email ${i}`, 'email-helper', fresh);
      await new Promise((r) => setTimeout(r, 2));
    }
    await save('An article', 'article-generator', fresh);

    const emails = (await list(`email-helper/${fresh.uid}`, fresh)).json();
    expect(emails.history.map((c: { title: string }) => c.title)).toEqual([
      'Email 5',
      'Email 4',
      'Email 3',
      'Email 2',
      'Email 1',
    ]);
    expect(emails.nextCursor).toBeNull();
    const all = (await list(fresh.uid, fresh)).json();
    expect(all.history.map((c: { title: string }) => c.title)).toEqual([
      'An article',
      'Email 5',
      'Email 4',
      'Email 3',
      'Email 2',
      'Email 1',
    ]);

    const titles: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = (await list(`email-helper/${fresh.uid}${query}`, fresh)).json();
      expect(page.history.length).toBeLessThanOrEqual(2);
      titles.push(...page.history.map((c: { title: string }) => c.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(titles).toEqual(['Email 5', 'Email 4', 'Email 3', 'Email 2', 'Email 1']);

    expect((await list(`email-helper/${fresh.uid}?cursor=garbage`, fresh)).statusCode).toBe(400);
    expect((await list(`email-helper/${fresh.uid}?limit=101`, fresh)).statusCode).toBe(400);
    expect((await list(`not-a-service/${fresh.uid}`, fresh)).statusCode).toBe(400);
  });

  it('defaults to the newest 50', async () => {
    const busy = await createUser(t.app);
    const values = Array.from(
      { length: 55 },
      (_, i) => `('${busy.uid}', 'doc-summarizer', 'Doc ${i}', '[]'::jsonb, now() - interval '${i} minutes')`,
    );
    await t.app.database.db.execute(
      `insert into history (user_id, service, title, messages, created_at) values ${values.join(',')}` as never,
    );
    const page = (await list(`doc-summarizer/${busy.uid}`, busy)).json();
    expect(page.history).toHaveLength(50);
    expect(page.history[0].title).toBe('Doc 0');
    expect(page.nextCursor).toEqual(expect.any(String));
    const rest = (await list(`doc-summarizer/${busy.uid}?cursor=${page.nextCursor}`, busy)).json();
    expect(rest.history.map((c: { title: string }) => c.title)).toEqual([
      'Doc 50',
      'Doc 51',
      'Doc 52',
      'Doc 53',
      'Doc 54',
    ]);
  });

  it('reads one chat, renames it (trimmed, 1–200 characters) and deletes it', async () => {
    const id = (await save('Original')).json().history.id;
    const item = await list(`item/${id}`);
    expect(item.json().history.title).toBe('Original');

    const rename = (title: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/history/${id}`, headers: user.headers, payload: { title } });
    const renamed = await rename('  Renamed chat  ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ _id: id, id, title: 'Renamed chat', uid: user.uid });
    expect((await rename('   ')).statusCode).toBe(400);
    expect((await rename('x'.repeat(201))).statusCode).toBe(400);
    expect((await rename('x'.repeat(200))).statusCode).toBe(200);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/history/${id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ deleted: true, id });
    expect((await list(`item/${id}`)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/history/${id}`, headers: user.headers })).statusCode,
    ).toBe(404);
  });

  it('answers 404 for ids that are not chats, including malformed ones', async () => {
    expect((await list('item/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await list('item/not-a-uuid')).statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/history/not-a-uuid',
      headers: user.headers,
      payload: { title: 'x' },
    });
    expect(patch.statusCode).toBe(404);
  });
});
