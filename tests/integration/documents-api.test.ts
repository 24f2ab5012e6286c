import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import type { FakeOpenAiServer } from '#tests/fakes/openai-server';
import { docxOf } from '#tests/helpers/document-corpus';
import { createFakeModelApp } from '#tests/helpers/fake-model-app';
import { inflatingPdf, zipBomb } from '#tests/helpers/hostile-documents';
import { type MultipartFile, multipartPayload } from '#tests/helpers/multipart';
import { parseSse } from '#tests/helpers/sse';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/**
 * Documents through the API (issue 11): uploads to the doc summarizer and the resume assistant are read
 * in the isolated extractor, reach the model as Markdown, are kept with their chat for their owner only,
 * and long ones are summarized part by part with progress events.
 */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'documents');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

const MAX_BYTES = 200_000;

describe.each(testDatabaseKinds())('documents through the tool routes (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ({ t, fake } = await createFakeModelApp(kind, {
      AI_RETRY_DELAY_MS: '10',
      AI_RATE_LIMIT_PER_USER: '0',
      DOCUMENT_MAX_BYTES: String(MAX_BYTES),
      AI_CONTEXT_TOKENS: '20000', // a small remote model: a 100,000-character document is too long for one call
      SUMMARY_CHUNK_TOKENS: '1500',
      SUMMARY_CONCURRENCY: '1',
    }));
    user = await createUser(t.app);
    other = await createUser(t.app);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.setDefault({});
  });

  const post = async (
    path: string,
    fields: Record<string, string>,
    files?: MultipartFile | MultipartFile[],
    options: { as?: TestUser; accept?: string } = {},
  ) => {
    const { payload, headers } = await multipartPayload(fields, files);
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        ...(options.as ?? user).headers,
        ...headers,
        ...(options.accept ? { accept: options.accept } : {}),
      },
      payload,
    });
  };
  const file = (
    name: string,
    content: string | Uint8Array = fixture(name),
    type?: string,
  ): MultipartFile => ({
    field: 'file',
    name,
    content,
    type,
  });
  const chat = async (id: string, as = user) =>
    t.app.inject({ url: `/api/history/item/${id}`, headers: as.headers });
  const storedKeys = async () => {
    const keys: string[] = [];
    for await (const key of t.app.fileStorage.keys()) keys.push(key);
    return keys;
  };
  const promptOf = (index = 0) => fake.requests[index]?.body.messages.at(-1)?.content ?? '';

  it('tells the web app the largest document it takes', async () => {
    const res = await t.app.inject({ url: '/api/config' });
    expect(res.json().documents).toEqual({ maxBytes: MAX_BYTES });
  });

  it.each([
    ['sample.pdf', 'application/pdf'],
    ['sample.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['sample.odt', 'application/vnd.oasis.opendocument.text'],
    ['sample.doc', 'application/msword'],
    ['sample.txt', 'text/plain'],
  ])(
    'summarizes %s: its text reaches the model, the chat is titled and keeps the file',
    async (name, type) => {
      const res = await post('/api/doc-summarizer', {}, file(name));
      expect(res.statusCode, res.body).toBe(200);
      const { summary, historyId, status } = res.json();
      expect(summary).toBeTruthy();
      expect(status).toBe('complete');
      expect(fake.requests).toHaveLength(1);
      const prompt = promptOf();
      for (const text of ['Zürich', 'naïve', '東京']) expect(prompt).toContain(text);
      if (name !== 'sample.txt') expect(prompt).toMatch(/\| *City *\| *Country *\| *Staff *\|/);

      const saved = (await chat(historyId)).json().history;
      expect(saved.title).toBe(name);
      expect(saved.file).toEqual({
        name,
        size: fixture(name).byteLength,
        type,
        url: `/api/history/${historyId}/file`,
      });
      expect(saved.messages[0].content).toContain(`Document: ${name}`);

      const download = await t.app.inject({ url: saved.file.url, headers: user.headers });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe(type);
      expect(download.headers['content-disposition']).toContain(`filename*=UTF-8''${name}`);
      expect(download.rawPayload.equals(fixture(name))).toBe(true);
    },
  );

  it('keeps the file for its owner only, out of the public uploads, and deletes it with the chat', async () => {
    const earlier = await storedKeys();
    const res = await post('/api/doc-summarizer', {}, file('sample.docx'));
    const { historyId } = res.json();
    const added = (await storedKeys()).filter((k) => !earlier.includes(k));
    expect(added).toEqual([expect.stringMatching(/^[0-9a-f-]{36}\.docx$/)]);
    const key = added[0];

    const url = `/api/history/${historyId}/file`;
    expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/uploads/${key}` })).statusCode).toBe(404);
    // Other spellings of the path never hand another user the file.
    for (const spelling of [
      `/api/history/${historyId}/FILE`,
      `/api/history/${historyId}/file/`,
      `/api/history/${historyId}/%66ile`,
      `/api/history/./${historyId}/file`,
      `/api//history/${historyId}/file`,
      `/api/history/${historyId.toUpperCase()}/file`,
    ]) {
      const res = await t.app.inject({ url: spelling, headers: other.headers });
      expect([400, 404], spelling).toContain(res.statusCode);
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/history/${historyId}`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(await storedKeys()).toContain(key);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/history/${historyId}`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storedKeys()).not.toContain(key);
    expect((await t.app.inject({ url, headers: user.headers })).statusCode).toBe(404);
  });

  it('puts pasted text after the document, and titles the chat with the text when there is some', async () => {
    const res = await post('/api/doc-summarizer', { text: 'Also: the budget doubled.' }, file('sample.txt'));
    expect(res.statusCode).toBe(200);
    const prompt = promptOf();
    expect(prompt.indexOf('Zürich')).toBeLessThan(prompt.indexOf('Also: the budget doubled.'));
    expect((await chat(res.json().historyId)).json().history.title).toBe('Also: the budget doubled.');
  });

  it('answers each unreadable or refused upload with its own 4xx before any model call', async () => {
    const cases: Array<[MultipartFile | MultipartFile[], number, string]> = [
      [
        file('photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])),
        415,
        'unsupported_media_type:file_type',
      ],
      [file('fake.pdf', 'this is not a PDF at all'), 415, 'unsupported_media_type:file_signature'],
      [file('empty.txt', ''), 400, 'bad_request:file_empty'],
      [file('cut.pdf', fixture('sample.pdf').subarray(0, 600)), 400, 'bad_request:file_unreadable'],
      [file('big.txt', 'a'.repeat(MAX_BYTES + 1)), 413, 'payload_too_large:file'],
      [[file('one.txt', 'one'), file('two.txt', 'two')], 400, 'bad_request:file_count'],
      [{ field: 'attachment', name: 'a.txt', content: 'x' }, 400, 'bad_request:file_upload'],
    ];
    for (const [files, status, code] of cases) {
      const res = await post('/api/doc-summarizer', {}, files);
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toBeTruthy();
    }
    const tooBig = await post('/api/doc-summarizer', {}, file('big.txt', 'a'.repeat(MAX_BYTES + 1)));
    expect(tooBig.json().error.message).toMatch(/larger than/);
    expect(fake.requests).toHaveLength(0);
    expect(await storedKeys()).toEqual((await storedKeys()).filter((k) => !k.endsWith('.png')));
  });

  it('answers bombs through the API with a clean 4xx while the server keeps answering others', {
    timeout: 60_000,
  }, async () => {
    const bigLimits = await createTestApp(kind, {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
      AI_RATE_LIMIT_PER_USER: '0',
      AI_MAX_IN_FLIGHT_PER_USER: '3', // one user sends all three at once
    });
    try {
      const someone = await createUser(bigLimits.app);
      const send = async (name: string, bytes: Uint8Array) => {
        const { payload, headers } = await multipartPayload({}, file(name, bytes));
        const started = Date.now();
        const res = await bigLimits.app.inject({
          method: 'POST',
          url: '/api/doc-summarizer',
          headers: { ...someone.headers, ...headers },
          payload,
        });
        return { status: res.statusCode, code: res.json().error?.code, ms: Date.now() - started };
      };
      // Made before the server is watched: building a bomb takes this process a while.
      const bombs = [
        ['inflating.pdf', inflatingPdf(1024)],
        ['lying.docx', zipBomb('docx', { megabytes: 1024, lieBytes: 1024 })],
        ['honest.odt', zipBomb('odt', { megabytes: 1024 })],
      ] as const;
      let healthChecks = 0;
      let slowestHealthMs = 0;
      let polling = true;
      const poll = (async () => {
        while (polling) {
          const started = Date.now();
          const res = await bigLimits.app.inject({ url: '/api/health' });
          expect(res.statusCode).toBe(200);
          slowestHealthMs = Math.max(slowestHealthMs, Date.now() - started);
          healthChecks += 1;
          await new Promise((r) => setTimeout(r, 50));
        }
      })();
      const outcomes = await Promise.all(bombs.map(([name, bytes]) => send(name, bytes)));
      polling = false;
      await poll;
      expect(outcomes.map(({ status, code }) => [status, code])).toEqual([
        [413, 'payload_too_large:file_memory_limit'],
        [400, 'bad_request:file_unreadable'],
        [413, 'payload_too_large:file_unpacked'],
      ]);
      for (const { ms } of outcomes) expect(ms).toBeLessThan(25_000);
      // The server answered all along (a figure, not a timing assertion: the limit is the suite's).
      expect(healthChecks).toBeGreaterThan(3);
      console.info(`health answered ${healthChecks} times during the bombs, slowest ${slowestHealthMs} ms`);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await bigLimits.close();
    }
  });

  it('cleans and cuts a hostile file name for the title and the stored name', async () => {
    const name = `\u202Efdp.${'x'.repeat(300)}\u0007.txt`;
    const res = await post('/api/doc-summarizer', {}, file(name, 'Zürich notes'));
    expect(res.statusCode, res.body).toBe(200);
    const saved = (await chat(res.json().historyId)).json().history;
    expect([...saved.file.name].some((c) => c === '\u202E' || c === '\u0007')).toBe(false);
    expect(saved.file.name.length).toBeLessThanOrEqual(255);
    expect(saved.file.name).toMatch(/^fdp\.x+\.txt$/);
    expect(saved.title).toBe(`${saved.file.name.slice(0, 100)}...`);
  });

  it('refuses a document too long for the model to read in one call, before calling it', async () => {
    const long = 'The committee in Zürich met again. '.repeat(3_000); // 105,000 characters
    const res = await post('/api/resume-assistant', { tone: 'formal' }, file('huge.txt', long));
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('payload_too_large:model_context');
    expect(res.json().error.message).toMatch(/too long for the AI model/);
    expect(fake.requests).toHaveLength(0);
  });

  it('counts uploads against the in-flight cap before reading them', async () => {
    const capped = await createTestApp(kind, {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
      AI_RATE_LIMIT_PER_USER: '0',
      AI_MAX_IN_FLIGHT_PER_USER: '1',
    });
    try {
      const someone = await createUser(capped.app);
      const extract = capped.app.documents.extractDocument.bind(capped.app.documents);
      let extractions = 0;
      capped.app.documents.extractDocument = (...args) => {
        extractions += 1;
        return extract(...args);
      };
      fake.setDefault({ text: 'slow', firstTokenDelayMs: 800 });
      const running = capped.app.inject({
        method: 'POST',
        url: '/api/generate-article',
        headers: someone.headers,
        payload: { topic: 'Limits' },
      });
      while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
      const { payload, headers } = await multipartPayload({}, file('sample.docx'));
      const refused = await capped.app.inject({
        method: 'POST',
        url: '/api/doc-summarizer',
        headers: { ...someone.headers, ...headers },
        payload,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('rate_limit:generations');
      expect(extractions).toBe(0);
      expect((await running).statusCode).toBe(200);
      // The place is free again: the upload is read now.
      const { payload: again, headers: againHeaders } = await multipartPayload({}, file('sample.docx'));
      fake.setDefault({});
      const ok = await capped.app.inject({
        method: 'POST',
        url: '/api/doc-summarizer',
        headers: { ...someone.headers, ...againHeaders },
        payload: again,
      });
      expect(ok.statusCode).toBe(200);
      expect(extractions).toBe(1);
    } finally {
      await capped.close();
    }
  });

  it('still needs text or a file, and takes no file on the JSON tools', async () => {
    const none = await post('/api/doc-summarizer', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Text to summarize is required.');
    const json = await post('/api/explain-code', { code: 'x', language: 'python' }, file('a.txt', 'x'));
    expect(json.statusCode).toBe(415);
    // A form's empty file input (no name, no bytes) is no file.
    const emptyInput = await post('/api/doc-summarizer', { text: 'Short text.' }, file('', ''));
    expect(emptyInput.statusCode).toBe(200);
  });

  it('streams an upload: start, the extraction progress, deltas, done', async () => {
    const res = await post('/api/doc-summarizer', {}, file('sample.pdf'), { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    expect(events.map((e) => e.event).filter((e, i, all) => all.indexOf(e) === i)).toEqual([
      'start',
      'progress',
      'delta',
      'done',
    ]);
    expect(events[1]?.data).toEqual({
      stage: 'extracting',
      done: 1,
      total: 1,
      message: 'Read “sample.pdf” (1 page)',
    });
  });

  describe('a document longer than one part', () => {
    // About 60 sections of ~500 characters: several parts of SUMMARY_CHUNK_TOKENS (1500) each.
    const longText = Array.from({ length: 60 }, (_, i) =>
      `## Section ${i + 1}\n\nThe committee in Zürich reviewed item ${i + 1} and asked for a clearer account of costs, staff and risks before the next meeting, noting that the naïve forecast for 東京 needed a second look. `.repeat(
        2,
      ),
    ).join('\n\n');

    it('summarizes the parts, then combines their summaries into the final summary, with progress', async () => {
      fake.setDefault({ text: 'part-summary' });
      const res = await post('/api/doc-summarizer', {}, file('long.txt', longText), {
        accept: 'text/event-stream',
      });
      expect(res.statusCode).toBe(200);
      const events = parseSse(res.body);
      const parts = fake.requests.filter((r) =>
        /Below is part \d+ of \d+/.test(r.body.messages.at(-1)?.content ?? ''),
      );
      const total = Number(/of (\d+)/.exec(parts[0]?.body.messages.at(-1)?.content ?? '')?.[1]);
      expect(total).toBeGreaterThan(2);
      expect(parts).toHaveLength(total);
      // Every part once, in order (one at a time here), and nothing of the text left out.
      parts.forEach((request, i) => {
        expect(request.body.messages.at(-1)?.content).toContain(`Below is part ${i + 1} of ${total}`);
      });
      for (let i = 1; i <= 60; i++) {
        expect(parts.some((r) => r.body.messages.at(-1)?.content.includes(`## Section ${i}\n`))).toBe(true);
      }
      const final = fake.requests.at(-1)?.body.messages.at(-1)?.content ?? '';
      expect(final).toContain(`summaries of ${total} consecutive parts`);
      expect(final.match(/part-summary/g)).toHaveLength(total);
      expect(final).toContain('## TL;DR');
      expect(fake.requests).toHaveLength(total + 1);

      const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
      const summarizing = progress.filter((p) => p.stage === 'summarizing');
      expect(summarizing.map((p) => p.done)).toEqual(Array.from({ length: total + 1 }, (_, i) => i));
      expect(summarizing[0]).toEqual({
        stage: 'summarizing',
        done: 0,
        total,
        message: `Summarizing part 1 of ${total}`,
      });
      expect(summarizing[2]?.message).toBe(`Summarizing part 3 of ${total}`);
      expect(progress.at(-1)).toMatchObject({ stage: 'combining', done: 1, total: 1 });
      // Only the final summary streams as the answer; the chat is one chat.
      const done = events.find((e) => e.event === 'done')?.data;
      expect(done.summary).toBe('part-summary');
      const list = await t.app.inject({
        url: `/api/history/doc-summarizer/${user.uid}`,
        headers: user.headers,
      });
      expect(list.json().history.filter((c: { id: string }) => c.id === done.historyId)).toHaveLength(1);
    });

    it('keeps the parts done when stopped part-way, saved as stopped', async () => {
      fake.setDefault({ text: 'slow part summary', firstTokenDelayMs: 150 });
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const form = new FormData();
      form.append('file', new Blob([longText], { type: 'text/plain' }), 'long.txt');
      const res = await fetch(`${address}/api/doc-summarizer`, {
        method: 'POST',
        headers: { ...user.headers, accept: 'text/event-stream' },
        body: form,
      });
      expect(res.status).toBe(200);
      const id = res.headers.get('x-generation-id');
      const body = res.text();
      // Stop once the third part has been asked for: two are done by then.
      while (fake.requests.length < 3) await new Promise((r) => setTimeout(r, 20));
      const stop = await t.app.inject({
        method: 'POST',
        url: `/api/generations/${id}/stop`,
        headers: user.headers,
      });
      expect(stop.statusCode).toBe(200);
      const events = parseSse(await body);
      const done = events.find((e) => e.event === 'done')?.data;
      expect(done.status).toBe('stopped');
      expect(done.summary).toMatch(/^_Stopped after 2 of \d+ parts/);
      expect(done.summary).toContain('## Part 1 of');
      expect(done.summary).toContain('## Part 2 of');
      expect(done.summary).not.toContain('## Part 3 of');
      const saved = (await chat(done.historyId)).json().history;
      expect(saved.status).toBe('stopped');
      expect(saved.messages[1].content).toBe(done.summary);
      expect(saved.file.name).toBe('long.txt');
      // No part was asked for after the Stop.
      await new Promise((r) => setTimeout(r, 300));
      expect(fake.requests).toHaveLength(3);
    });
  });

  describe('the resume assistant', () => {
    const resume = [
      '# Jane Doe',
      'Frontend engineer in Zürich.',
      '## Experience',
      '- Built React and TypeScript apps at Acme (2019–2024)',
      '- Wrote REST APIs in Node.js',
    ].join('\n');
    const job = [
      'Senior Frontend Engineer',
      'Requirements:',
      '- 5+ years of React and TypeScript',
      '- Experience with GraphQL and Kubernetes',
      '- Node.js',
    ].join('\n');

    it('reads a resume file and reports the job match, computed from the texts', async () => {
      fake.setDefault({
        text: '# Jane Doe\n\nSenior frontend engineer: React, TypeScript, Node.js and GraphQL.',
      });
      const res = await post(
        '/api/resume-assistant',
        { jobDescription: job, tone: 'confident', role: 'Senior Frontend Engineer' },
        file('cv.docx', await docxOf([{ paragraph: resume }])),
      );
      expect(res.statusCode, res.body).toBe(200);
      const { optimizedResume, historyId, matchReport } = res.json();
      expect(optimizedResume).toContain('Jane Doe');
      expect(promptOf()).toContain('Built React and TypeScript apps at Acme');
      const term = (name: string) => matchReport.terms.find((t: { term: string }) => t.term === name);
      expect(term('React')).toMatchObject({ inOriginal: true, inOptimized: true });
      expect(term('GraphQL')).toMatchObject({ inOriginal: false, inOptimized: true });
      expect(term('Kubernetes')).toMatchObject({ inOriginal: false, inOptimized: false });
      expect(matchReport.gaps).toEqual(expect.arrayContaining(['GraphQL', 'Kubernetes']));
      expect(matchReport.added).toContain('GraphQL');
      expect(matchReport.originalScore).toBeLessThan(matchReport.optimizedScore);
      expect(matchReport.optimizedScore).toBeLessThan(100);

      const saved = (await chat(historyId)).json().history;
      expect(saved.title).toBe('cv.docx');
      expect(saved.matchReport).toEqual(matchReport);
      // The file is kept with the chat, not copied into it.
      expect(saved.messages[0].content).toContain('Resume: cv.docx');
      expect(saved.messages[0].content).not.toContain('Built React and TypeScript apps at Acme');
    });

    it('writes Markdown only for an answer too long for a Word document or a PDF', async () => {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/history',
        headers: user.headers,
        payload: {
          uid: user.uid,
          service: 'resume-assistant',
          title: 'Long answer',
          messages: [
            { role: 'user', content: 'x' },
            { role: 'assistant', content: '- item\n'.repeat(30_000) },
          ],
        },
      });
      const id = saved.json().history.id;
      const docx = await t.app.inject({
        url: `/api/history/${id}/export?format=docx`,
        headers: user.headers,
      });
      expect(docx.statusCode).toBe(413);
      expect(docx.json().error.code).toBe('payload_too_large:export');
      const pdf = await t.app.inject({ url: `/api/history/${id}/export?format=pdf`, headers: user.headers });
      expect(pdf.statusCode).toBe(413);
      expect(pdf.json().error.message).toMatch(/^This answer is too long for a PDF \(210,000 characters/);
      const md = await t.app.inject({ url: `/api/history/${id}/export?format=md`, headers: user.headers });
      expect(md.statusCode).toBe(200);
    });

    it('gives no report without a job description', async () => {
      const res = await post('/api/resume-assistant', { text: resume, tone: 'formal' });
      expect(res.statusCode).toBe(200);
      expect(res.json().matchReport).toBeNull();
    });

    it('exports the answer as .docx, .md and .html, for its owner only', async () => {
      fake.setDefault({ text: '# Jane Doe\n\n## Skills\n\n- React\n- Zürich office lead' });
      const { historyId } = (
        await post('/api/resume-assistant', { tone: 'formal' }, file('Jane CV.pdf', fixture('sample.pdf')))
      ).json();
      const docx = await t.app.inject({
        url: `/api/history/${historyId}/export?format=docx`,
        headers: user.headers,
      });
      expect(docx.statusCode).toBe(200);
      expect(docx.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(docx.headers['content-disposition']).toContain(
        `filename*=UTF-8''Jane%20CV%20-%20Resume%20Assistant.docx`,
      );
      expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const md = await t.app.inject({
        url: `/api/history/${historyId}/export?format=md`,
        headers: user.headers,
      });
      expect(md.body).toBe('# Jane Doe\n\n## Skills\n\n- React\n- Zürich office lead');
      expect(md.headers['content-disposition']).toContain('Jane%20CV%20-%20Resume%20Assistant.md');
      // As a web page (issue 33): escaped, no script, never run as this site.
      const html = await t.app.inject({
        url: `/api/history/${historyId}/export?format=html`,
        headers: user.headers,
      });
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['content-security-policy']).toContain('sandbox');
      expect(html.headers['content-disposition']).toContain('Jane%20CV%20-%20Resume%20Assistant.html');
      expect(html.body).toContain('<h1>Jane Doe</h1>');
      expect(html.body).toContain('<ul><li>React');

      const theirs = await t.app.inject({
        url: `/api/history/${historyId}/export?format=docx`,
        headers: other.headers,
      });
      expect(theirs.statusCode).toBe(404);
      const bad = await t.app.inject({
        url: `/api/history/${historyId}/export?format=exe`,
        headers: user.headers,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe('format: must be one of: docx, md, html, pdf, eml.');
    });

    it('exports a resume as a PDF whose text is the answer, for its owner only and for resumes only', async () => {
      fake.setDefault({
        text: '# Jana Novák\nFrontend engineer · Zürich\n\n## Experience\n\n- Built the checkout in **React**\n- Led a team of five',
      });
      const { historyId } = (
        await post('/api/resume-assistant', { tone: 'formal' }, file('Jane CV.pdf', fixture('sample.pdf')))
      ).json();
      const pdf = await t.app.inject({
        url: `/api/history/${historyId}/export?format=pdf`,
        headers: user.headers,
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toContain(
        `filename*=UTF-8''Jane%20CV%20-%20Resume%20Assistant.pdf`,
      );
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
      for (const line of [
        'Jana Novák',
        'Frontend engineer · Zürich',
        'Experience',
        'Built the checkout in React',
        'Led a team of five',
      ]) {
        expect(text).toContain(line);
      }

      const theirs = await t.app.inject({
        url: `/api/history/${historyId}/export?format=pdf`,
        headers: other.headers,
      });
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json().error.code).toBe('not_found:history');

      const explained = await t.app.inject({
        method: 'POST',
        url: '/api/history',
        headers: user.headers,
        payload: {
          uid: user.uid,
          service: 'code-explainer',
          title: 'A loop',
          messages: [
            { role: 'user', content: 'for (;;) {}' },
            { role: 'assistant', content: 'A loop that never ends.' },
          ],
        },
      });
      const code = await t.app.inject({
        url: `/api/history/${explained.json().history.id}/export?format=pdf`,
        headers: user.headers,
      });
      expect(code.statusCode).toBe(400);
      expect(code.json().error).toEqual({
        code: 'bad_request:export_format',
        message:
          'PDF downloads are for resumes and cover letters: download this answer as .docx, .md or .html.',
      });
    });
  });
});
