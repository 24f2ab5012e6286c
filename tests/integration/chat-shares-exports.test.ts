import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { user as userTable } from '#server/db/schema';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/** The files of a ZIP archive, by name. */
async function unzip(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes);
  const files = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
  }
  zip.close();
  return files;
}

describe.each(testDatabaseKinds())('shared links and chat downloads (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: 'A **bold** answer.' });
    t = await createTestApp(kind, { ...providerEnv(fake.url), AI_RATE_LIMIT_PER_USER: '0' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const article = async (user: TestUser, topic: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic },
    });
    expect(res.statusCode).toBe(200);
    return res.json().historyId as string;
  };
  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'DELETE', url: string) =>
    t.app.inject({ method, url, ...(user ? { headers: user.headers } : {}) });

  it('answers 404 for the links of a disabled account while it is disabled, and again 200 once enabled', async () => {
    const carol = await createUser(t.app);
    const id = await article(carol, 'Published tea');
    const { token } = (await call(carol, 'POST', `/api/history/${id}/share`)).json().share;
    expect((await call(null, 'GET', `/api/shared/${token}`)).statusCode).toBe(200);
    const setBanned = (banned: boolean, banExpires: Date | null = null) =>
      t.app.database.db.update(userTable).set({ banned, banExpires }).where(eq(userTable.id, carol.uid));

    await setBanned(true);
    const hidden = await call(null, 'GET', `/api/shared/${token}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('not_found:share');
    // A ban that ended on its own publishes again, as enabling does.
    await setBanned(true, new Date(Date.now() - 1000));
    expect((await call(null, 'GET', `/api/shared/${token}`)).statusCode).toBe(200);
    await setBanned(false);
    expect((await call(null, 'GET', `/api/shared/${token}`)).statusCode).toBe(200);
  });

  it('shares a chat by an unguessable link that anyone can read, until it is revoked', async () => {
    const id = await article(alice, 'Shared tea');
    expect((await call(alice, 'GET', `/api/history/${id}/share`)).json()).toEqual({ share: null });
    const shared = await call(alice, 'POST', `/api/history/${id}/share`);
    expect(shared.statusCode).toBe(200);
    const { token, url } = shared.json().share;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(url).toBe(`/share/${token}`);
    // The same link while it lives.
    expect((await call(alice, 'POST', `/api/history/${id}/share`)).json().share.token).toBe(token);

    const open = await call(null, 'GET', `/api/shared/${token}`);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('no-store');
    expect(open.headers['x-robots-tag']).toContain('noindex');
    expect(open.json()).toEqual({
      chat: {
        title: 'Shared tea',
        service: 'article-generator',
        createdAt: expect.any(String),
        messages: [
          { role: 'user', content: 'Shared tea' },
          { role: 'assistant', content: 'A **bold** answer.' },
        ],
      },
    });
    expect(open.payload).not.toContain(alice.uid);
    expect(open.payload).not.toContain(alice.email);

    // Bob can neither read the owner's side nor revoke it; the public link is the only way in.
    expect((await call(bob, 'GET', `/api/history/${id}/share`)).statusCode).toBe(404);
    expect((await call(bob, 'POST', `/api/history/${id}/share`)).statusCode).toBe(404);
    expect((await call(bob, 'DELETE', `/api/history/${id}/share`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/shared/${token}`)).statusCode).toBe(200);

    expect((await call(alice, 'DELETE', `/api/history/${id}/share`)).json()).toEqual({ revoked: true });
    const gone = await call(null, 'GET', `/api/shared/${token}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not_found:share');
    expect((await call(alice, 'DELETE', `/api/history/${id}/share`)).json()).toEqual({ revoked: false });
    // Shared again: a new token; the old one stays dead.
    const again = (await call(alice, 'POST', `/api/history/${id}/share`)).json().share.token;
    expect(again).not.toBe(token);
    expect((await call(null, 'GET', `/api/shared/${token}`)).statusCode).toBe(404);
  });

  it('stops a link the moment its chat is deleted, and answers 404 for tokens that never were', async () => {
    const id = await article(alice, 'Soon deleted');
    const { token } = (await call(alice, 'POST', `/api/history/${id}/share`)).json().share;
    expect((await call(alice, 'DELETE', `/api/history/${id}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', `/api/shared/${token}`)).statusCode).toBe(404);
    for (const bad of ['nope', 'A'.repeat(32), `${token.slice(0, 31)}!`, '%00', '..%2f..%2fetc']) {
      const res = await call(null, 'GET', `/api/shared/${bad}`);
      expect([400, 404]).toContain(res.statusCode);
    }
  });

  it('downloads a whole chat as Markdown or JSON, and every chat of a tool or of all as a ZIP', async () => {
    const user = await createUser(t.app);
    const first = await article(user, 'Green tea');
    fake.enqueue({ text: 'More on green tea.' });
    await call(user, 'GET', `/api/history/item/${first}`);
    await t.app.inject({
      method: 'POST',
      url: `/api/history/${first}/messages`,
      headers: user.headers,
      payload: { content: 'And oolong?' },
    });
    const md = await call(user, 'GET', `/api/history/${first}/transcript?format=md`);
    expect(md.statusCode).toBe(200);
    expect(md.headers['content-type']).toContain('text/markdown');
    expect(md.headers['content-disposition']).toContain('Green tea - Article Generator.md');
    expect(md.payload).toContain('# Green tea');
    expect(md.payload).toContain('## You\n\nAnd oolong?');
    expect(md.payload).toContain('More on green tea.');
    const json = await call(user, 'GET', `/api/history/${first}/transcript?format=json`);
    expect(json.json().history.messages).toHaveLength(4);
    expect((await call(user, 'GET', `/api/history/${first}/transcript?format=pdf`)).statusCode).toBe(400);
    expect((await call(bob, 'GET', `/api/history/${first}/transcript?format=md`)).statusCode).toBe(404);

    const email = await t.app.inject({
      method: 'POST',
      url: '/api/email-helper',
      headers: user.headers,
      payload: { prompt: 'Ask for a day off' },
    });
    expect(email.statusCode).toBe(200);

    const all = await call(user, 'GET', `/api/users/${user.uid}/history-export`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('application/zip');
    const files = await unzip(all.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      expect.stringMatching(/^article-generator\/\d{4}-\d{2}-\d{2}-Green tea\.md$/),
      expect.stringMatching(/^email-helper\/\d{4}-\d{2}-\d{2}-Ask for a day off\.md$/),
    ]);
    const one = await call(user, 'GET', `/api/users/${user.uid}/history-export?service=email-helper`);
    expect([...(await unzip(one.rawPayload)).keys()]).toHaveLength(1);
    expect((await call(user, 'GET', `/api/users/${user.uid}/history-export?service=nope`)).statusCode).toBe(
      400,
    );
    expect((await call(bob, 'GET', `/api/users/${user.uid}/history-export`)).statusCode).toBe(403);
    const empty = await call(bob, 'GET', `/api/users/${bob.uid}/history-export?service=code-refactor`);
    expect((await unzip(empty.rawPayload)).size).toBe(0);
  });
});
