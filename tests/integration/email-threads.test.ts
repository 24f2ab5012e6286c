import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { multipartPayload } from '#tests/helpers/multipart';
import { parseSse } from '#tests/helpers/sse';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const OWN = 'jo.meyer@example.com';

/** A reply in a thread, as a mail client saves it: a Message-ID, References, a quoted history, an attachment. */
const EML = [
  'From: "Ana Ruiz" <ana@example.com>',
  `To: Jo Meyer <${OWN}>, Ben Ode <ben@example.com>`,
  'Cc: Cy Lam <cy@example.com>, jo.meyer@EXAMPLE.com',
  'Subject: Re: Offsite dates',
  'Date: Tue, 4 Mar 2025 10:12:00 +0100',
  'Message-ID: <msg-2@example.com>',
  'In-Reply-To: <msg-1@example.com>',
  'References: <msg-1@example.com>',
  'MIME-Version: 1.0',
  'Content-Type: multipart/mixed; boundary="b1"',
  '',
  '--b1',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Can your team confirm the 12th? We need numbers by Friday.',
  '',
  'On Mon, 3 Mar 2025 at 09:00, Ben Ode <ben@example.com> wrote:',
  '> Proposing the 12th or the 19th for the offsite in Porto.',
  '',
  '--b1',
  'Content-Type: application/pdf; name="agenda.pdf"',
  'Content-Disposition: attachment; filename="agenda.pdf"',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from('%PDF-1.4 SECRET-ATTACHMENT-TEXT').toString('base64'),
  '--b1--',
  '',
].join('\r\n');

const PASTED = [
  'From: Ana Ruiz <ana@example.com>',
  `To: ${OWN}`,
  'Cc: Cy Lam <cy@example.com>',
  'Subject: Budget for Q3',
  '',
  'Could you send me the revised budget before Thursday?',
  '',
  'On Mon, 3 Mar 2025 at 09:00, Cy Lam <cy@example.com> wrote:',
  '> Finance needs the Q3 figures this week.',
].join('\n');

/**
 * The e-mail helper inside a thread (issue 34): a reply or a forward of a pasted thread or an .eml file,
 * its headers made by the server, several drafts in one generation, and the draft as an .eml.
 */
describe.each(testDatabaseKinds())('e-mail threads (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let jo: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: 'Hi Ana,\n\nYes, the 12th works for us.\n\nBest,\nJo' });
    t = await createTestApp(kind, { ...providerEnv(fake.url), AI_RATE_LIMIT_PER_USER: '0' });
    jo = await createUser(t.app, { email: OWN });
    bob = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const used = async () =>
    (await t.app.inject({ url: `/api/users/${jo.uid}`, headers: jo.headers })).json().user.usage.used;
  const sentPrompt = (index = -1) =>
    (fake.requests.at(index)?.body.messages ?? []).map((m) => m.content).join('\n');
  const withEml = async (fields: Record<string, string>, eml = EML, name = 'thread.eml') => {
    const { payload, headers } = await multipartPayload(fields, {
      field: 'file',
      name,
      content: eml,
      type: 'message/rfc822',
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/email-helper',
      headers: { ...jo.headers, ...headers },
      payload,
    });
  };

  it('replies to all of an .eml thread: what the model reads, the subject, to and cc less the person', async () => {
    const res = await withEml({ prompt: 'Confirm the 12th', intent: 'reply-all', tone: 'friendly' });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.email).toContain('the 12th works');
    expect(reply.subject).toBe('Re: Offsite dates');
    expect(reply.to).toEqual(['ana@example.com']);
    expect(reply.cc).toEqual(['ben@example.com', 'cy@example.com']);

    const prompt = sentPrompt();
    expect(prompt).toContain('Can your team confirm the 12th?');
    expect(prompt).toContain('Earlier in the thread:');
    expect(prompt).toContain('Proposing the 12th or the 19th');
    expect(prompt).toContain('agenda.pdf');
    expect(prompt).not.toContain('SECRET-ATTACHMENT-TEXT');
    expect(prompt).toMatch(/do not repeat or quote the thread/i);
    expect(prompt).toContain('Confirm the 12th');

    // The draft as an .eml a mail client files in the thread.
    const eml = await t.app.inject({
      url: `/api/history/${reply.historyId}/export?format=eml`,
      headers: jo.headers,
    });
    expect(eml.statusCode, eml.body).toBe(200);
    expect(eml.headers['content-type']).toMatch(/^message\/rfc822/);
    const parsed = await PostalMime.parse(eml.rawPayload);
    expect(parsed.subject).toBe('Re: Offsite dates');
    expect(parsed.to?.map((m) => m.address)).toEqual(['ana@example.com']);
    expect(parsed.cc?.map((m) => m.address)).toEqual(['ben@example.com', 'cy@example.com']);
    expect(parsed.inReplyTo).toBe('<msg-2@example.com>');
    expect(parsed.references).toBe('<msg-1@example.com> <msg-2@example.com>');
    expect(parsed.headers.find((h) => h.key === 'x-unsent')?.value).toBe('1');
    expect(parsed.text).toContain('the 12th works');

    const other = await t.app.inject({
      url: `/api/history/${reply.historyId}/export?format=eml`,
      headers: bob.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it('replies to a pasted thread: the sender only, Re: the thread’s subject', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-helper',
      headers: jo.headers,
      payload: { prompt: 'Say it comes Wednesday', intent: 'reply', thread: PASTED },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ subject: 'Re: Budget for Q3', to: ['ana@example.com'] });
    expect(res.json().cc).toBeUndefined();
    const prompt = sentPrompt();
    expect(prompt).toContain('Could you send me the revised budget before Thursday?');
    expect(prompt).toContain('Finance needs the Q3 figures this week.');
  });

  it('forwards a thread as Fwd:, and a new mail takes the subject the model proposed', async () => {
    const forward = await t.app.inject({
      method: 'POST',
      url: '/api/email-helper',
      headers: jo.headers,
      payload: { prompt: 'For Dana to handle', intent: 'forward', thread: PASTED },
    });
    expect(forward.json().subject).toBe('Fwd: Budget for Q3');
    fake.enqueue({ text: '**Subject:** Heating repair before Friday\n\nDear Mr Smith,\n\nPlease…' });
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/email-helper',
      headers: jo.headers,
      payload: { prompt: 'Ask the landlord to fix the heating' },
    });
    expect(fresh.json().subject).toBe('Heating repair before Friday');
  });

  it('asks for the thread for a reply without one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-helper',
      headers: jo.headers,
      payload: { prompt: 'Yes', intent: 'reply' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/thread/);
    for (const variants of [0, 4, 1.5, 'many']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/email-helper',
        headers: jo.headers,
        payload: { prompt: 'Yes', variants },
      });
      expect(bad.statusCode, String(variants)).toBe(400);
      expect(bad.json().error.message).toMatch(/1 to 3/);
    }
  });

  it('writes three drafts in one generation, saved as versions of the answer, the first shown', async () => {
    fake.enqueue({ text: 'Draft one' }, { text: 'Draft two' }, { text: 'Draft three' });
    const before = await used();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-helper',
      headers: { ...jo.headers, accept: 'text/event-stream' },
      payload: { prompt: 'Thank the team', variants: 3 },
    });
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    // The first draft streams; the others are announced as they are written.
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => (e.data as { text: string }).text)
        .join(''),
    ).toBe('Draft one');
    expect(
      events.filter((e) => e.event === 'progress').map((e) => (e.data as { message: string }).message),
    ).toEqual(['Writing draft 2 of 3', 'Writing draft 3 of 3']);
    const done = events.find((e) => e.event === 'done')?.data as {
      email: string;
      historyId: string;
      variants: { messageId: string; email: string }[];
    };
    expect(done.email).toBe('Draft one');
    expect(done.variants.map((v) => v.email)).toEqual(['Draft one', 'Draft two', 'Draft three']);
    expect(await used()).toBe(before + 1);

    const chat = (
      await t.app.inject({ url: `/api/history/item/${done.historyId}`, headers: jo.headers })
    ).json().history;
    expect(chat.messages[1]).toMatchObject({ content: 'Draft one', version: 1, versions: 3 });
    // Choosing a draft makes it the one Copy and the downloads use.
    const chosen = await t.app.inject({
      method: 'PATCH',
      url: `/api/history/${done.historyId}/messages/${done.variants[0]!.messageId}`,
      headers: jo.headers,
      payload: { version: 2 },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().history.messages[1].id).toBe(done.variants[1]!.messageId);
    const md = await t.app.inject({
      url: `/api/history/${done.historyId}/export?format=md`,
      headers: jo.headers,
    });
    expect(md.body).toBe('Draft two');
  });

  it('refuses hostile .eml files as clean 4xx, and .eml for the other tools', async () => {
    const hugeHeader = `Subject: ${'x'.repeat(3_000_000)}\r\nFrom: a@example.com\r\n\r\nHi`;
    let nested = 'Content-Type: text/plain\r\n\r\ninner';
    for (let i = 0; i < 2000; i++) {
      nested = `Content-Type: multipart/mixed; boundary="n${i}"\r\n\r\n--n${i}\r\n${nested}\r\n--n${i}--`;
    }
    const deep = `From: a@example.com\r\nSubject: deep\r\nMIME-Version: 1.0\r\n${nested}`;
    const bomb = [
      'From: a@example.com',
      'Subject: bomb',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'See the attachment.',
      '--b',
      'Content-Type: application/zip; name="bomb.zip"',
      'Content-Disposition: attachment; filename="bomb.zip"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.alloc(600_000, 0x41).toString('base64'),
      '--b--',
    ].join('\r\n');
    const parts = Array.from(
      { length: 2_000 },
      (_, i) => `--m\r\nContent-Type: application/octet-stream; name="p${i}.bin"\r\n\r\nx\r\n`,
    ).join('');
    const mailBomb = `From: a@example.com\r\nSubject: bomb\r\nContent-Type: multipart/mixed; boundary="m"\r\n\r\n--m\r\nContent-Type: text/plain\r\n\r\nHi\r\n${parts}--m--\r\n`;
    for (const [what, eml] of [
      ['huge header', hugeHeader],
      ['deep nesting', deep],
      ['thousands of attachments', mailBomb],
      ['not an e-mail', '\u0000\u0001binary garbage'],
      ['empty', ''],
    ] as const) {
      const res = await withEml({ prompt: 'Reply', intent: 'reply' }, eml);
      expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.json().error.message, what).toMatch(/\S/);
    }
    // An attachment is listed, never read: a bomb in one is no harm.
    const withBomb = await withEml({ prompt: 'Reply', intent: 'reply' }, bomb);
    expect(withBomb.statusCode, withBomb.body).toBe(200);
    expect(sentPrompt()).toContain('bomb.zip');

    const { payload, headers } = await multipartPayload(
      { jobDescription: 'Engineer' },
      { field: 'file', name: 'resume.eml', content: EML, type: 'message/rfc822' },
    );
    const resume = await t.app.inject({
      method: 'POST',
      url: '/api/resume-assistant',
      headers: { ...jo.headers, ...headers },
      payload,
    });
    expect(resume.statusCode).toBeGreaterThanOrEqual(400);
    expect(resume.statusCode).toBeLessThan(500);
  });

  it('keeps the headers on a follow-up of a reply, and refuses .eml exports of other tools', async () => {
    const res = await withEml({ prompt: 'Confirm the 12th', intent: 'reply-all' });
    const { historyId } = res.json();
    fake.enqueue({ text: 'Hi all,\n\nConfirmed.\n\nJo' });
    const shorter = await t.app.inject({
      method: 'POST',
      url: `/api/history/${historyId}/messages`,
      headers: jo.headers,
      payload: { content: 'Shorter please' },
    });
    expect(shorter.statusCode, shorter.body).toBe(200);
    expect(shorter.json().message).toMatchObject({
      subject: 'Re: Offsite dates',
      to: ['ana@example.com'],
      cc: ['ben@example.com', 'cy@example.com'],
    });
    const article = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: jo.headers,
      payload: { topic: 'Threads' },
    });
    const eml = await t.app.inject({
      url: `/api/history/${article.json().historyId}/export?format=eml`,
      headers: jo.headers,
    });
    expect(eml.statusCode).toBe(400);
    expect(eml.json().error.code).toBe('bad_request:export_format');
  });
});
