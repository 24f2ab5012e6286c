import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '#tests/factories/user';
import type { FakeOpenAiServer } from '#tests/fakes/openai-server';
import { docxOf, odtOf, SAMPLE } from '#tests/helpers/document-corpus';
import { createFakeModelApp } from '#tests/helpers/fake-model-app';
import { type MultipartFile, multipartPayload } from '#tests/helpers/multipart';
import { textPdf } from '#tests/helpers/pdf-writer';
import { scannedPdf } from '#tests/helpers/scanned-pdf';
import { parseSse } from '#tests/helpers/sse';
import type { TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

/**
 * Documents you can question (issue 32): a document chat's follow-ups are answered from the document
 * (whole when it fits, else the passages that best match, ranked by PostgreSQL's full text), every
 * passage labelled with its page; answers carry what was read of the document (`coverage`); a citation's
 * passage is served to whoever may read the chat.
 */
const UNIQUE = 'The purple elephant Quillon guards the eastern archive every night.';
const PAGES = 200;
const UNIQUE_PAGE = 150;

/** A page of routine text: a few lines about its section (numbers spelled out differ from page to page). */
function pageLines(page: number): string[] {
  return [
    `Section ${page} covers routine maintenance of the western depot.`,
    `The staff rota for week ${page} lists the morning and evening shifts.`,
    `Inspections in block ${page} found the shelving sound and the lighting adequate.`,
  ];
}

function report(pages = PAGES): Buffer {
  return textPdf(
    Array.from({ length: pages }, (_, i) => {
      const page = i + 1;
      const lines = page === UNIQUE_PAGE ? [...pageLines(page), UNIQUE] : pageLines(page);
      return lines.map((text, line) => ({ x: 72, y: 760 - line * 20, text }));
    }),
  );
}

describe.each(testDatabaseKinds())('questions on a document chat (%s)', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAiServer;
  let user: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ({ t, fake } = await createFakeModelApp(kind, {
      AI_RETRY_DELAY_MS: '10',
      AI_RATE_LIMIT_PER_USER: '0',
      // A small remote model: the 200-page report does not fit one prompt (about 12,000 tokens of text).
      AI_CONTEXT_TOKENS: '8000',
      AI_MAX_OUTPUT_TOKENS: '1000',
      SUMMARY_CHUNK_TOKENS: '3000',
      SUMMARY_CONCURRENCY: '2',
      // Two scanned pages at most: the third and later are listed as not read.
      OCR_MAX_PAGES: '2',
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

  const summarize = async (file: MultipartFile, options: { accept?: string } = {}) => {
    const { payload, headers } = await multipartPayload({}, file);
    return t.app.inject({
      method: 'POST',
      url: '/api/doc-summarizer',
      headers: { ...user.headers, ...headers, ...(options.accept ? { accept: options.accept } : {}) },
      payload,
    });
  };
  const ask = (id: string, content: string, as = user) =>
    t.app.inject({
      method: 'POST',
      url: `/api/history/${id}/messages`,
      headers: as.headers,
      payload: { content },
    });
  const passage = (id: string, query: string, as = user) =>
    t.app.inject({ url: `/api/history/${id}/document/passage?${query}`, headers: as.headers });
  const pdf = (name: string, content: Buffer): MultipartFile => ({ field: 'file', name, content });

  let reportChat: string;

  it('summarizes a long PDF from its pages labelled, cites them, and says what it read', async () => {
    fake.setDefault({ text: 'The depot is maintained weekly (p. 3).' });
    const res = await summarize(pdf('report.pdf', report()));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    reportChat = body.historyId;
    // Read in parts (the report is longer than one call), each part's text labelled with its pages.
    const partCalls = fake.requests.filter((r) =>
      /Below is part \d+ of \d+/.test(r.body.messages.at(-1)?.content ?? ''),
    );
    expect(partCalls.length).toBeGreaterThan(1);
    const first = partCalls[0]?.body.messages.at(-1)?.content ?? '';
    expect(first).toContain('[p. 1]\n\nSection 1 covers routine maintenance');
    expect(first).toContain('[p. 2]');
    // Every call is told how to cite the pages.
    for (const request of fake.requests) {
      expect(request.body.messages[0]?.content).toContain('cite the page it is on as (p. 12)');
    }
    expect(body.coverage).toEqual({
      pages: PAGES,
      pagesWithText: PAGES,
      pagesOcr: 0,
      pagesUnreadable: [],
      pagesNotRead: [],
      tables: 0,
      characters: expect.any(Number),
      partsSummarized: partCalls.length,
    });
    expect(body.coverage.characters).toBeGreaterThan(30_000);
    // Kept with the chat.
    const chat = await t.app.inject({ url: `/api/history/item/${reportChat}`, headers: user.headers });
    expect(chat.json().history.coverage).toEqual(body.coverage);
  });

  it('answers a follow-up from the passage that matches it, labelled with its page', async () => {
    fake.setDefault({ text: 'Quillon guards the eastern archive (p. 150).' });
    const res = await ask(reportChat, 'Who guards the eastern archive, and is it an elephant?');
    expect(res.statusCode).toBe(200);
    expect(res.json().message.content).toBe('Quillon guards the eastern archive (p. 150).');
    expect(res.json().coverage.pages).toBe(PAGES);
    const [request] = fake.requests;
    const system = request?.body.messages[0]?.content ?? '';
    expect(system).toContain('cite the page it is on as (p. 12)');
    const question = request?.body.messages.at(-1)?.content ?? '';
    // The question first, then the passages that best match it, the unique one among them, labelled.
    expect(question.startsWith('Who guards the eastern archive, and is it an elephant?')).toBe(true);
    expect(question).toContain('that best match this message');
    expect(question).toContain(`[p. ${UNIQUE_PAGE}]`);
    expect(question).toContain(UNIQUE);
    // Not the whole report: the passages fit the prompt beside the conversation.
    expect(question.length).toBeLessThan(report().length);
    expect(question).not.toContain('[p. 1]\n');
    // The first request says where the document is.
    const firstTurn = request?.body.messages[1]?.content ?? '';
    expect(firstTurn).toContain('given with the latest message');
  });

  it('serves the cited page to the side panel, for who may read the chat only', async () => {
    const res = await passage(reportChat, `pages=${UNIQUE_PAGE}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      label: `p. ${UNIQUE_PAGE}`,
      pages: { from: UNIQUE_PAGE, to: UNIQUE_PAGE },
      text: expect.stringContaining(UNIQUE),
      fileName: 'report.pdf',
      format: 'pdf',
    });
    const range = await passage(reportChat, `pages=${encodeURIComponent('149–150')}`);
    expect(range.json().label).toBe('pp. 149–150');
    expect(range.json().text).toContain('Section 149 covers');
    expect(range.json().text).toContain(UNIQUE);

    // Another user: as if the chat did not exist.
    const theirs = await passage(reportChat, `pages=${UNIQUE_PAGE}`, other);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().error.code).toBe('not_found:file');
    // A page the report does not have; ranges that are not ranges.
    const beyond = await passage(reportChat, 'pages=201');
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().error.code).toBe('not_found:passage');
    for (const query of [
      'pages=0',
      'pages=13-12',
      'pages=1-40',
      'pages=abc',
      'part=0',
      'pages=1&part=1',
      '',
    ]) {
      const bad = await passage(reportChat, query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().error.code, query).toBe('bad_request:validation');
    }
  });

  it('keeps regenerate, edit and follow-ups of another user’s document chat 404', async () => {
    for (const [method, url, payload] of [
      ['POST', `/api/history/${reportChat}/messages`, { content: 'Who guards the archive?' }],
      ['POST', `/api/history/${reportChat}/regenerate`, undefined],
      ['POST', `/api/history/${reportChat}/edit`, { text: 'Summarize it again' }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: other.headers, payload });
      expect(res.statusCode, url).toBe(404);
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('gives the whole document with a follow-up when it fits the prompt', async () => {
    fake.setDefault({ text: 'A short summary (p. 1).' });
    const res = await summarize(pdf('short.pdf', report(3)));
    const id = res.json().historyId;
    expect(res.json().coverage).toMatchObject({ pages: 3, pagesWithText: 3, partsSummarized: 1 });
    fake.requests.length = 0;
    const followUp = await ask(id, 'What about block 2?');
    expect(followUp.statusCode).toBe(200);
    const question = fake.requests[0]?.body.messages.at(-1)?.content ?? '';
    expect(question).toContain('The whole text of the document “short.pdf” is below.');
    for (const page of [1, 2, 3]) expect(question).toContain(`[p. ${page}]\n\nSection ${page} covers`);
  });

  it('streams the coverage with the done event', async () => {
    fake.setDefault({ text: 'Summary.' });
    const res = await summarize(pdf('three.pdf', report(3)), { accept: 'text/event-stream' });
    const done = parseSse(res.body).find((e) => e.event === 'done')?.data;
    expect(done.coverage).toMatchObject({ pages: 3, pagesOcr: 0, pagesUnreadable: [] });
  });

  it('reads a scanned PDF by OCR: its words reach the model, with progress, and what was read', async () => {
    fake.setDefault({ text: 'The vault is in Oslo (p. 2).' });
    const bytes = scannedPdf([
      { text: ['Contents: the vault and its keepers.'] },
      { scan: ['THE VAULT IS IN OSLO', 'MARGIT KEEPS THE KEY'] },
      { bomb: { width: 30_000, height: 30_000 } },
    ]);
    const res = await summarize(pdf('scan.pdf', bytes), { accept: 'text/event-stream' });
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.body);
    // Reading, then the scanned pages by OCR, one event a page, then the answer.
    const stages = events.filter((e) => e.event === 'progress').map((e) => e.data);
    const ocr = stages.filter((p) => p.stage === 'ocr');
    expect(ocr[0]).toEqual({ stage: 'ocr', done: 0, total: 2, message: 'Reading page 1 of 2 (scanned)' });
    expect(ocr.at(-1)).toMatchObject({ stage: 'ocr', done: 2, total: 2, message: 'Read 2 scanned pages' });
    const prompt = fake.requests[0]?.body.messages.at(-1)?.content ?? '';
    expect(prompt).toMatch(/\[p\. 2\]\n\nTHE VAULT IS IN OSLO/);
    expect(prompt).toContain('MARGIT KEEPS THE KEY');
    expect(prompt).toContain('[p. 1]\n\nContents: the vault and its keepers.');
    const done = events.find((e) => e.event === 'done')?.data;
    // The page bomb is listed as not read, not dropped in silence.
    expect(done.coverage).toEqual({
      pages: 3,
      pagesWithText: 1,
      pagesOcr: 1,
      pagesUnreadable: [3],
      pagesNotRead: [],
      tables: 0,
      characters: expect.any(Number),
      partsSummarized: 1,
    });
    // The scanned page's text is what its citation shows.
    const page = await passage(done.historyId, 'pages=2');
    expect(page.json().text).toContain('THE VAULT IS IN OSLO');
  }, 60_000);

  it('lists the scanned pages past OCR_MAX_PAGES as not read, and refuses a scan of which nothing could be read', async () => {
    fake.setDefault({ text: 'Two pages were read (p. 1).' });
    const four = scannedPdf([1, 2, 3, 4].map((n) => ({ scan: [`PAGE ${n} OF THE LEDGER`] })));
    const res = await summarize(pdf('four.pdf', four));
    expect(res.statusCode).toBe(200);
    expect(res.json().coverage).toMatchObject({
      pages: 4,
      pagesWithText: 0,
      pagesOcr: 2,
      pagesUnreadable: [],
      pagesNotRead: [{ reason: 'ocr_limit', pages: [3, 4] }],
    });
    expect(fake.requests[0]?.body.messages.at(-1)?.content).toContain('PAGE 2 OF THE LEDGER');

    // Nothing read at all (a page bomb): a clear refusal, no model call, no chat.
    fake.requests.length = 0;
    const bomb = await summarize(pdf('bomb.pdf', scannedPdf([{ bomb: { width: 30_000, height: 30_000 } }])));
    expect(bomb.statusCode).toBe(422);
    expect(bomb.json().error).toEqual({
      code: 'unprocessable:file_no_text',
      message:
        'No page of “bomb.pdf” could be read: its pages are scanned images, and OCR found no text on them.',
    });
    expect(fake.requests).toHaveLength(0);
  }, 60_000);

  it('stops during OCR when asked: saved as stopped, the pages not read listed', async () => {
    const bytes = scannedPdf(
      Array.from({ length: 6 }, (_, i) => ({ scan: [`PAGE ${i + 1} OF THE LEDGER`] })),
    );
    const { payload, headers } = await multipartPayload({}, pdf('ledger.pdf', bytes));
    const started = Date.now();
    const streamed = t.app.inject({
      method: 'POST',
      url: '/api/doc-summarizer',
      headers: { ...user.headers, ...headers, accept: 'text/event-stream' },
      payload,
    });
    // Stop as soon as the generation runs (its id is the running one's).
    let generationId: string | undefined;
    for (let i = 0; i < 200 && !generationId; i++) {
      await new Promise((r) => setTimeout(r, 25));
      const running = await t.app.inject({ url: '/api/generations', headers: user.headers });
      generationId = running.json().generations?.[0]?.id;
    }
    expect(generationId).toBeDefined();
    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/generations/${generationId}/stop`,
      headers: user.headers,
    });
    expect(stop.statusCode).toBe(200);
    const res = await streamed;
    // Well before six pages of OCR would take.
    expect(Date.now() - started).toBeLessThan(15_000);
    const done = parseSse(res.body).find((e) => e.event === 'done')?.data;
    expect(done.status).toBe('stopped');
    expect(done.coverage.pagesUnreadable).toEqual([]);
    expect(done.coverage.pagesNotRead).toEqual([{ reason: 'stopped', pages: [1, 2, 3, 4, 5, 6] }]);
    expect(fake.requests).toHaveLength(0);
  }, 60_000);

  it('counts the tables of a .docx and an .odt, which have no page numbers without page breaks', async () => {
    fake.setDefault({ text: 'A report (part 1).' });
    for (const [name, content] of [
      ['report.docx', await docxOf(SAMPLE)],
      ['report.odt', odtOf(SAMPLE)],
    ] as const) {
      const res = await summarize({ field: 'file', name, content });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().coverage, name).toEqual({
        pages: null,
        pagesWithText: null,
        pagesOcr: 0,
        pagesUnreadable: [],
        pagesNotRead: [],
        tables: 1,
        characters: expect.any(Number),
        partsSummarized: 1,
      });
      // The table reaches the model as a table, in the labelled text.
      const prompt = fake.requests.at(-1)?.body.messages.at(-1)?.content ?? '';
      expect(prompt, name).toContain('[part 1]');
      expect(prompt, name).toContain('| City | Country | Staff |');
    }
  });

  it('answers text without page numbers by numbered parts', async () => {
    fake.setDefault({ text: 'Notes (part 1).' });
    const text = Array.from({ length: 40 }, (_, i) => pageLines(i + 1).join(' ')).join('\n\n');
    const res = await summarize({ field: 'file', name: 'notes.txt', content: text });
    expect(res.statusCode).toBe(200);
    const id = res.json().historyId;
    expect(res.json().coverage).toMatchObject({ pages: null, pagesWithText: null, tables: 0 });
    expect(fake.requests[0]?.body.messages.at(-1)?.content).toContain('[part 1]');
    expect(fake.requests[0]?.body.messages[0]?.content).toContain('cite the part it is in as (part 3)');
    const part = await passage(id, 'part=1');
    expect(part.json()).toMatchObject({ label: 'part 1', pages: null, format: 'txt' });
    expect(part.json().text).toContain('Section 1 covers');
  });
});
