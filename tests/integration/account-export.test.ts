import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveChat as saveChatAs } from '#tests/factories/chat';
import { createUser, type TestUser } from '#tests/factories/user';
import type { FakeOpenAiServer } from '#tests/fakes/openai-server';
import { createFakeModelApp } from '#tests/helpers/fake-model-app';
import { multipartPayload } from '#tests/helpers/multipart';
import { uploadPhoto } from '#tests/helpers/photos';
import type { TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const SAMPLE = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'documents', 'sample.docx'));

/** The archive's entries by name. */
async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  const extract = tarExtract();
  Readable.from([archive]).pipe(createGunzip()).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

/** GET /api/users/:uid/export (issue 13): everything of the caller's account as one tar.gz. */
describe.each(testDatabaseKinds())('data export (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    ({ t, fake } = await createFakeModelApp(kind, {
      AI_RATE_LIMIT_PER_USER: '0',
      HISTORY_RATE_LIMIT_PER_USER: '0',
    }));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const exportOf = (user: TestUser, uid = user.uid) =>
    t.app.inject({ url: `/api/users/${uid}/export`, headers: user.headers });
  const saveChat = (user: TestUser, title: string, service = 'article-generator') =>
    saveChatAs(t.app, user, {
      service,
      title,
      prompt: `Question of ${user.email}`,
      answer: 'The **answer**.',
    });

  it('holds the profile, the photo, every chat as Markdown and JSON, and the documents: nothing of another user', async () => {
    const ada = await createUser(t.app, { name: 'Ada' });
    const other = await createUser(t.app);
    expect((await uploadPhoto(t.app, ada)).statusCode).toBe(200);
    const plain = await saveChat(ada, 'Tides: a story / draft');
    const { payload, headers } = await multipartPayload(
      {},
      { field: 'file', name: 'cv final.docx', content: SAMPLE },
    );
    const summarized = await t.app.inject({
      method: 'POST',
      url: '/api/doc-summarizer',
      headers: { ...ada.headers, ...headers },
      payload,
    });
    expect(summarized.statusCode, summarized.body).toBe(200);
    const documentChat = summarized.json().historyId as string;
    await saveChat(other, 'Secret of another user');
    expect((await uploadPhoto(t.app, other)).statusCode).toBe(200);

    const res = await exportOf(ada);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="draftsmith-export-${today}.tar.gz"; filename*=UTF-8''draftsmith-export-${today}.tar.gz`,
    );
    const entries = await entriesOf(res.rawPayload);
    const names = [...entries.keys()].sort();
    expect(names).toEqual(
      [
        'profile.json',
        'photo.png',
        `history/article-generator/${plain.createdAt.slice(0, 10)}-Tides- a story - draft.md`,
        `history/doc-summarizer/${today}-cv final.md`,
        `files/${documentChat}/cv final.docx`,
        'history.json',
      ].sort(),
    );

    const profile = JSON.parse(entries.get('profile.json')!.toString());
    expect(profile.user).toMatchObject({ uid: ada.uid, email: ada.email, displayName: 'Ada' });
    expect(profile.plan.subscription).toBe('free');
    expect(profile.usage).toMatchObject({ used: 1 });
    expect(typeof profile.user.createdAt).toBe('string');

    expect(entries.get(`files/${documentChat}/cv final.docx`)!.equals(SAMPLE)).toBe(true);
    const photo = await t.app.inject({
      url: (await t.app.inject({ url: `/api/users/${ada.uid}`, headers: ada.headers })).json().user.photoURL,
    });
    expect(entries.get('photo.png')!.equals(photo.rawPayload)).toBe(true);

    const markdown = entries
      .get(`history/article-generator/${plain.createdAt.slice(0, 10)}-Tides- a story - draft.md`)!
      .toString();
    expect(markdown).toContain('# Tides: a story / draft');
    expect(markdown).toContain('- Tool: Article Generator');
    expect(markdown).toContain(`## You\n\nQuestion of ${ada.email}`);
    expect(markdown).toContain('## Draftsmith\n\nThe **answer**.');

    // history.json: every chat as the history API returns it.
    const api = await t.app.inject({ url: `/api/history/${ada.uid}`, headers: ada.headers });
    expect(JSON.parse(entries.get('history.json')!.toString())).toEqual(api.json().history);

    const everything = Buffer.concat([...entries.values()]).toString('latin1');
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain('Secret of another user');
  });

  it('reads the chats a page at a time and names clashing titles apart', async () => {
    const bob = await createUser(t.app);
    for (let i = 0; i < 120; i++) await saveChat(bob, 'Same title');
    const entries = await entriesOf((await exportOf(bob)).rawPayload);
    const markdown = [...entries.keys()].filter((name) => name.endsWith('.md'));
    expect(markdown).toHaveLength(120);
    expect(new Set(markdown).size).toBe(120);
    expect(JSON.parse(entries.get('history.json')!.toString())).toHaveLength(120);
  }, 60_000);

  it('answers 403 for another uid and limits exports to 5 an hour per user', async () => {
    const carol = await createUser(t.app);
    const dave = await createUser(t.app);
    const foreign = await exportOf(carol, dave.uid);
    expect(foreign.statusCode).toBe(403);
    for (let i = 0; i < 5; i++) expect((await exportOf(carol)).statusCode).toBe(200);
    const limited = await exportOf(carol);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limit:data_export');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    // Another user's budget is their own; no token at all is 401.
    expect((await exportOf(dave)).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/users/${carol.uid}/export` })).statusCode).toBe(401);
  });
});
