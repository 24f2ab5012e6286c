import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveChat } from '#tests/factories/chat';
import { createUser, type TestUser } from '#tests/factories/user';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

interface Hit {
  id: string;
  title: string;
  service: string;
  titleParts: { text: string; match: boolean }[];
  snippet: { text: string; match: boolean }[];
}

describe.each(testDatabaseKinds())('history search (%s)', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { HISTORY_RATE_LIMIT_PER_USER: '0' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = async (user: TestUser, service: string, title: string, answer: string) =>
    (await saveChat(t.app, user, { service, title, answer })).id;
  const search = (user: TestUser, query: string) =>
    t.app.inject({ url: `/api/history/search?${query}`, headers: user.headers });
  const hits = async (user: TestUser, query: string) => {
    const res = await search(user, query);
    expect(res.statusCode, res.payload).toBe(200);
    return res.json().results as Hit[];
  };
  const marked = (parts: { text: string; match: boolean }[]) =>
    parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');

  it('finds chats by title and message words, best first, with the words marked', async () => {
    const inTitle = await save(alice, 'article-generator', 'Kubernetes operators explained', 'Some text.');
    const inAnswer = await save(
      alice,
      'code-explainer',
      'A shell script',
      'It deploys the app to a kubernetes cluster and then checks it.',
    );
    await save(alice, 'email-helper', 'Lunch plans', 'Nothing about clusters here.');
    await save(bob, 'article-generator', 'Kubernetes at Bob’s', 'Bob’s own kubernetes notes.');

    const found = await hits(alice, 'q=kubernetes');
    expect(found.map((h) => h.id)).toEqual([inTitle, inAnswer]);
    expect(marked(found[0]!.titleParts)).toBe('[Kubernetes] operators explained');
    expect(marked(found[1]!.snippet)).toContain('[kubernetes] cluster');
    expect(found[1]).toMatchObject({ title: 'A shell script', service: 'code-explainer' });

    // English word forms, a word typed half way, one tool only.
    expect((await hits(alice, 'q=deploying')).map((h) => h.id)).toEqual([inAnswer]);
    expect((await hits(alice, 'q=kuber')).map((h) => h.id)).toEqual([inTitle, inAnswer]);
    expect((await hits(alice, 'q=kubernetes&service=code-explainer')).map((h) => h.id)).toEqual([inAnswer]);
    expect(await hits(alice, 'q=kubernetes&service=email-helper')).toEqual([]);
    // Every word is required; quotes and `or` work as in web searches.
    expect((await hits(alice, 'q=kubernetes%20cluster')).map((h) => h.id)).toEqual([inAnswer]);
    expect((await hits(alice, 'q=%22operators%20explained%22')).map((h) => h.id)).toEqual([inTitle]);
    expect((await hits(alice, 'q=lunch%20or%20operators')).length).toBe(2);
    // Never another user's chats.
    expect((await hits(bob, 'q=operators')).length).toBe(0);
    expect((await hits(bob, 'q=kubernetes')).map((h) => h.title)).toEqual(['Kubernetes at Bob’s']);
  });

  it('finds words of follow-ups and pages through many results', async () => {
    const user = await createUser(t.app);
    for (let i = 0; i < 25; i++) await save(user, 'article-generator', `Tea note ${i}`, 'About oolong.');
    const first = await search(user, 'q=oolong');
    expect(first.json().results).toHaveLength(20);
    const cursor = first.json().nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const second = await search(user, `q=oolong&cursor=${cursor}`);
    expect(second.json().results).toHaveLength(5);
    expect(second.json().nextCursor).toBeNull();
    const ids = [...first.json().results, ...second.json().results].map((h: Hit) => h.id);
    expect(new Set(ids).size).toBe(25);
  });

  it('gives the excerpt of a Markdown answer as plain text, the words still marked', async () => {
    const user = await createUser(t.app);
    await save(
      user,
      'article-generator',
      'A draft',
      '```\n# FAKE REPLY about sourdough\n```\n\nMix the **sourdough** starter; see [the guide](https://example.com/sourdough).\n\n- fold the *sourdough* twice',
    );
    const [hit] = await hits(user, 'q=sourdough');
    const excerpt = marked(hit!.snippet);
    expect(excerpt).toContain('FAKE REPLY about [sourdough]');
    expect(excerpt).toContain('Mix the [sourdough] starter; see the guide.');
    for (const mark of ['```', '#', '**', '](', 'https://', '- fold']) expect(excerpt).not.toContain(mark);
  });

  it('answers odd and hostile searches with results or a clear 400, never a 500', async () => {
    for (const q of [
      "'",
      '"',
      '&',
      '|',
      '!',
      '(',
      'a:*',
      '-',
      'or',
      'the',
      "'); drop table history; --",
      '<script>alert(1)</script>',
      '\u{1F375} tea',
      'x'.repeat(200),
      '%',
    ]) {
      const res = await search(alice, `q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(Array.isArray(res.json().results)).toBe(true);
    }
    for (const query of [
      'q=',
      'q=%20%20',
      `q=${'x'.repeat(201)}`,
      'q=a%00b',
      'q=tea&service=nope',
      'q=tea&cursor=bad',
      '',
    ]) {
      const res = await search(alice, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ url: '/api/history/search?q=tea' })).statusCode).toBe(401);
  });
});
