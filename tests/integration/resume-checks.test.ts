import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { providerEnv } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const RESUME = `Jana Novak
Frontend developer, Zurich

EXPERIENCE
Frontend Engineer, Shoply (2020 - 2024)
- Led a team of 5 engineers to rebuild the checkout in React and TypeScript
- Cut bundle size by 40% across 30 screens

SKILLS
JavaScript, TypeScript, React, Jest`;

const JOB = `Senior Frontend Engineer
Requirements
- 5+ years with React and TypeScript
- Experience with Kubernetes`;

/** What a careful model writes: reworded and reordered, nothing new. */
const REWORDED = `# Jana Novak
Frontend developer | Zurich

## Skills
JavaScript, TypeScript, React, Jest

## Experience
### Frontend Engineer, Shoply (2020 - 2024)
- Managed 5 engineers rebuilding the checkout with React and TypeScript
- Reduced bundle size by 40% across 30 screens`;

/** What a careless one writes: a number, an employer and a skill the resume does not show. */
const INVENTED = `# Jana Novak
Frontend developer | Zurich

## Skills
JavaScript, TypeScript, React, Jest, Kubernetes

## Experience
### Frontend Engineer, Shoply (2020 - 2024)
- Managed 12 engineers rebuilding the checkout with React and TypeScript
- Reduced bundle size by 40% across 30 screens
- Consulted for Initech on their payments platform`;

interface Claim {
  line: number;
  text: string;
  reason: string;
}

/**
 * Resumes where every line can be traced (issue 34): every answer of a resume chat carries where each of
 * its lines comes from in the person's resume and what that resume does not show, checked on the server
 * without a model call; the match report's added terms are the same check's.
 */
describe.each(testDatabaseKinds())('resume checks (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ text: REWORDED });
    t = await createTestApp(kind, { ...providerEnv(fake.url), AI_RATE_LIMIT_PER_USER: '0' });
    alice = await createUser(t.app);
    bob = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const optimize = async (answer: string, fields: Record<string, string> = {}) => {
    fake.enqueue({ text: answer });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resume-assistant',
      headers: alice.headers,
      payload: { text: RESUME, jobDescription: JOB, ...fields },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      optimizedResume: string;
      historyId: string;
      provenance: { line: number; sources: number[] }[];
      unsupported: Claim[];
      matchReport: { added: string[] } | null;
    };
  };
  const chatOf = async (id: string, user = alice) =>
    (await t.app.inject({ url: `/api/history/item/${id}`, headers: user.headers })).json().history as {
      messages: {
        id: string;
        role: string;
        content: string;
        unsupported?: Claim[];
        provenance?: unknown[];
      }[];
    };

  it('flags nothing where the model only rewords, and traces every line to the resume', async () => {
    const reply = await optimize(REWORDED);
    expect(reply.unsupported).toEqual([]);
    expect(reply.matchReport?.added).toEqual([]);
    const lines = REWORDED.split('\n');
    const resumeLines = RESUME.split('\n');
    const traced = (text: string) => reply.provenance.find((p) => lines[p.line - 1] === text)?.sources ?? [];
    // Each non-blank line is listed once, in order.
    expect(reply.provenance.map((p) => p.line)).toEqual(
      lines.flatMap((line, i) => (line.trim() === '' ? [] : [i + 1])),
    );
    const bullet = traced('- Reduced bundle size by 40% across 30 screens');
    expect(bullet.map((n) => resumeLines[n - 1])).toContain('- Cut bundle size by 40% across 30 screens');
    const role = traced('### Frontend Engineer, Shoply (2020 - 2024)');
    expect(role.map((n) => resumeLines[n - 1])).toContain('Frontend Engineer, Shoply (2020 - 2024)');
  });

  it('lists a number, an employer and a skill named only in the job description, and says why', async () => {
    const reply = await optimize(INVENTED);
    const lines = INVENTED.split('\n');
    const texts = reply.unsupported.map((claim) => claim.text);
    expect(texts).toEqual(expect.arrayContaining(['12', 'Initech', 'Kubernetes']));
    for (const claim of reply.unsupported) {
      expect(lines[claim.line - 1]).toContain(claim.text);
      expect(claim.reason).toMatch(/\S/);
    }
    const kubernetes = reply.unsupported.find((claim) => claim.text === 'Kubernetes');
    expect(kubernetes?.reason).toMatch(/job description/i);
    expect(reply.unsupported.find((claim) => claim.text === '12')?.reason).toMatch(/number/i);
    // The report's added terms are the same check's names (not its numbers).
    expect(reply.matchReport?.added).toEqual(expect.arrayContaining(['Kubernetes', 'Initech']));
    expect(reply.matchReport?.added).not.toContain('12');

    // Saved with the answer: the chat shows the same.
    const answer = (await chatOf(reply.historyId)).messages[1];
    expect(answer?.unsupported).toEqual(reply.unsupported);
    expect(answer?.provenance).toEqual(reply.provenance);
  });

  it('checks the person’s own edit again: a claim they remove is no longer listed', async () => {
    const reply = await optimize(INVENTED);
    const answer = (await chatOf(reply.historyId)).messages[1]!;
    const fixed = INVENTED.replace('Managed 12 engineers', 'Managed 5 engineers');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/history/${reply.historyId}/messages/${answer.id}`,
      headers: alice.headers,
      payload: { content: fixed },
    });
    expect(res.statusCode, res.body).toBe(200);
    const texts = (res.json().message.unsupported as Claim[]).map((claim) => claim.text);
    expect(texts).not.toContain('12');
    expect(texts).toEqual(expect.arrayContaining(['Initech', 'Kubernetes']));
  });

  it('checks a follow-up’s answer against the same resume', async () => {
    const reply = await optimize(REWORDED);
    fake.enqueue({ text: `${REWORDED}\n- Won the 2023 Golden Keyboard award` });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/history/${reply.historyId}/messages`,
      headers: alice.headers,
      payload: { content: 'Add my awards.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const texts = (res.json().message.unsupported as Claim[]).map((claim) => claim.text);
    expect(texts).toEqual(expect.arrayContaining(['2023', 'Golden Keyboard']));
  });

  it('checks an answer written from an uploaded resume against the document', async () => {
    fake.enqueue({ text: INVENTED });
    const boundary = '----resume';
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="jobDescription"',
      '',
      JOB,
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="resume.txt"',
      'Content-Type: text/plain',
      '',
      RESUME,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resume-assistant',
      headers: { ...alice.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.unsupported.map((claim: Claim) => claim.text)).toEqual(
      expect.arrayContaining(['12', 'Initech', 'Kubernetes']),
    );
    expect(reply.unsupported.map((claim: Claim) => claim.text)).not.toContain('Shoply');
    // The text the line numbers point into: the chat's source, for its owner only.
    const source = await t.app.inject({
      url: `/api/history/${reply.historyId}/source`,
      headers: alice.headers,
    });
    expect(source.statusCode, source.body).toBe(200);
    const sourceLines = (source.json().text as string).split('\n');
    const bullet = reply.provenance.find(
      (p: { line: number }) =>
        INVENTED.split('\n')[p.line - 1] === '- Reduced bundle size by 40% across 30 screens',
    );
    expect(bullet.sources.map((n: number) => sourceLines[n - 1])).toContain(
      '- Cut bundle size by 40% across 30 screens',
    );
    const other = await t.app.inject({ url: `/api/history/${reply.historyId}/source`, headers: bob.headers });
    expect(other.statusCode).toBe(404);
  });

  it('writes a cover letter from the resume as a follow-up, counted, and lists what it claims beyond it', async () => {
    const reply = await optimize(REWORDED, { role: 'Senior Frontend Engineer', tone: 'confident' });
    const used = async () =>
      (await t.app.inject({ url: `/api/users/${alice.uid}`, headers: alice.headers })).json().user.usage.used;
    const before = await used();
    const letter =
      'Dear Hiring Manager,\n\nI led 5 engineers at Shoply and 9 more at Umbrella Corp.\n\nJana Novak';
    fake.enqueue({ text: letter });
    const calls = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/history/${reply.historyId}/cover-letter`,
      headers: alice.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.content).toBe(letter);
    const texts = (res.json().message.unsupported as Claim[]).map((claim) => claim.text);
    expect(texts).toEqual(expect.arrayContaining(['9', 'Umbrella Corp']));
    expect(texts).not.toContain('Shoply');
    expect(await used()).toBe(before + 1);
    // The model reads the person's own resume, the job and the role; not the optimized resume.
    const sent = fake.requests[calls]?.body.messages ?? [];
    const prompt = sent.map((m) => m.content).join('\n');
    expect(prompt).toContain('Cut bundle size by 40% across 30 screens');
    expect(prompt).toContain('Experience with Kubernetes');
    expect(prompt).toContain('Senior Frontend Engineer');
    expect(prompt).toContain('confident');
    expect(prompt).not.toContain('Reduced bundle size');
    // The chat goes on with it, and Regenerate writes it again the same way.
    const messages = (await chatOf(reply.historyId)).messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[2]).toMatchObject({ kind: 'cover-letter' });
    fake.enqueue({ text: 'Dear Hiring Manager,\n\nAnother letter.\n\nJana Novak' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/history/${reply.historyId}/regenerate`,
      headers: alice.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      fake.requests
        .at(-1)
        ?.body.messages.map((m) => m.content)
        .join('\n'),
    ).toContain('Cut bundle size by 40% across 30 screens');
    expect(again.json().message).toMatchObject({ version: 2, versions: 2 });
  });

  it('refuses a cover letter for another tool’s chat, and another user’s chat', async () => {
    const article = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: alice.headers,
      payload: { topic: 'Cover letters' },
    });
    const id = article.json().historyId;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/history/${id}/cover-letter`,
      headers: alice.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('bad_request:cover_letter');
    const reply = await optimize(REWORDED);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/history/${reply.historyId}/cover-letter`,
      headers: bob.headers,
    });
    expect(other.statusCode).toBe(404);
  });
});
