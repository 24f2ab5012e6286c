import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { DocumentExtractor } from '#server/documents/document-extractor';
import { type DocumentLimits, documentLimits } from '#server/documents/document-limits';
import { longBlocks, pdfOf } from '#tests/helpers/document-corpus';
import {
  inflatingPdf,
  manyEntriesDocx,
  randomFile,
  truncated,
  zipBomb,
} from '#tests/helpers/hostile-documents';

/**
 * Hostile files, each answered with a clean typed failure within the issue's 25 seconds (the test's own
 * timeout) while this process, which plays the server, keeps running its event loop and stays small.
 * The figures (time, longest event-loop stall, this process's memory) are printed, not asserted: they
 * depend on the machine.
 */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'documents');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** The defaults of the configuration (README): 20 MB, 512 MB of memory, 20 s, 100 MB per entry. */
const LIMITS: DocumentLimits = documentLimits(loadConfig({}));
const ISSUE_LIMIT_MS = 25_000;

const extractor = new DocumentExtractor(LIMITS);
const work = mkdtempSync(join(tmpdir(), 'draftsmith-hostile-'));
afterAll(() => {
  extractor.close();
  rmSync(work, { recursive: true, force: true });
});

interface Outcome {
  code: string;
  statusCode: number;
  message: string;
}

/** Extracts while measuring this process: event-loop stall, ticks of a 10 ms timer, memory growth. */
async function hostile(fileName: string, bytes: Buffer, using = extractor): Promise<Outcome> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  let outcome: Outcome | null = null;
  try {
    await using.extractDocument({ bytes, fileName });
  } catch (err) {
    outcome = err as Outcome;
  } finally {
    clearInterval(timer);
    delay.disable();
  }
  const ms = Math.round(performance.now() - started);
  const grewMb = Math.round((process.memoryUsage().rss - rssBefore) / 1048576);
  console.log(
    `${fileName} (${(bytes.length / 1048576).toFixed(2)} MB): ${outcome?.code ?? 'read'} in ${ms} ms; longest event-loop stall ${(delay.max / 1e6).toFixed(1)} ms, ${ticks} timer ticks, this process grew ${grewMb} MB`,
  );
  // Long enough to be measured: the event loop kept turning, and the file never came into this process.
  if (ms > 200) expect(ticks).toBeGreaterThan(0);
  expect(grewMb).toBeLessThan(100);
  if (!outcome) throw new Error(`${fileName} was read without an error`);
  expect(outcome.statusCode).toBeGreaterThanOrEqual(400);
  expect(outcome.statusCode).toBeLessThan(500);
  return outcome;
}

describe('decompression bombs', { timeout: ISSUE_LIMIT_MS }, () => {
  it('stops a PDF whose page stream inflates to 1 GB at the memory limit', async () => {
    const outcome = await hostile('inflating.pdf', inflatingPdf(1024));
    expect(outcome).toMatchObject({
      code: 'payload_too_large:file_memory_limit',
      statusCode: 413,
      message:
        'Reading “inflating.pdf” needed more than 512 MB of memory and was stopped. Try a smaller or simpler file.',
    });
  });

  it.each(['docx', 'odt'] as const)(
    'refuses a zip bomb with honest headers as .%s before unpacking',
    async (format) => {
      const outcome = await hostile(`bomb.${format}`, zipBomb(format, { megabytes: 1024 }));
      expect(outcome).toMatchObject({
        code: 'payload_too_large:file_unpacked',
        statusCode: 413,
        message: `“bomb.${format}” unpacks to more than 100 MB, more than a document should. Save it again from your word processor.`,
      });
    },
  );

  it.each(['docx', 'odt'] as const)(
    'stops a zip bomb whose headers lie as .%s where the lie shows',
    async (format) => {
      // Declared 1 KB, or 90 MB (under the entry limit): unpacking stops when the bytes pass the claim.
      for (const lieBytes of [1024, 90 * 1024 * 1024]) {
        const outcome = await hostile(
          `lying-${lieBytes}.${format}`,
          zipBomb(format, { megabytes: 1024, lieBytes }),
        );
        expect(outcome).toMatchObject({ code: 'bad_request:file_unreadable', statusCode: 400 });
        expect(outcome.message).toMatch(
          /could not be read as an? (Word document|OpenDocument text).*damaged or incomplete/,
        );
      }
    },
  );

  it('stops at the total unpacked limit even when each entry is under its own', async () => {
    const small = new DocumentExtractor({ ...LIMITS, zipMaxEntryBytes: 600 * 1024 * 1024 });
    const outcome = await hostile('total.odt', zipBomb('odt', { megabytes: 300 }), small);
    expect(outcome).toMatchObject({ code: 'payload_too_large:file_unpacked', message: /more than 256 MB/ });
  });

  it('refuses an archive with more entries than the limit', async () => {
    const outcome = await hostile('many.docx', manyEntriesDocx(1500));
    expect(outcome).toMatchObject({
      code: 'payload_too_large:file_entries',
      message:
        '“many.docx” holds more than 1000 parts inside, more than a document should. Save it again from your word processor.',
    });
  });
});

describe('damaged, random and misnamed files', { timeout: ISSUE_LIMIT_MS }, () => {
  it.each(['sample.pdf', 'sample.docx', 'sample.odt', 'sample.doc'])(
    'says a truncated %s is damaged',
    async (name) => {
      const outcome = await hostile(`cut-${name}`, truncated(fixture(name), 0.5));
      expect(outcome).toMatchObject({ code: 'bad_request:file_unreadable', statusCode: 400 });
      expect(outcome.message).toMatch(/it looks damaged or incomplete/);
    },
  );

  it('says a text file cut inside a character is not text', async () => {
    const text = Buffer.from('Zürich 東京');
    const outcome = await hostile('cut.txt', text.subarray(0, text.length - 1));
    expect(outcome).toMatchObject({
      code: 'bad_request:file_not_text',
      message:
        '“cut.txt” is not plain text: its bytes are not UTF-8 or UTF-16 text. Save it as UTF-8 and try again.',
    });
  });

  it.each(['pdf', 'docx', 'odt', 'doc'])(
    'refuses random bytes named .%s by their signature',
    async (extension) => {
      const outcome = await hostile(`random.${extension}`, randomFile());
      expect(outcome).toMatchObject({ code: 'unsupported_media_type:file_signature', statusCode: 415 });
    },
  );

  it('refuses random bytes named .txt as binary or not UTF-8', async () => {
    const outcome = await hostile('random.txt', randomFile());
    expect(outcome).toMatchObject({ code: 'bad_request:file_not_text', statusCode: 400 });
  });

  it('refuses a zip with a .docx or .odt name whose parts are random', async () => {
    const fake = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomFile()]);
    for (const name of ['fake.docx', 'fake.odt']) {
      expect(await hostile(name, fake)).toMatchObject({ code: 'bad_request:file_unreadable' });
    }
  });

  it.each([
    [
      'sample.docx',
      'renamed.odt',
      /contents are an Office Open XML file \(such as \.docx\), not an OpenDocument text/,
    ],
    ['sample.odt', 'renamed.docx', /contents are an OpenDocument file, not a Word document \(\.docx\)/],
    [
      'sample.pdf',
      'renamed.docx',
      /named \.docx but its contents are not a Word document \(\.docx\): they look like a PDF/,
    ],
    [
      'sample.docx',
      'renamed.pdf',
      /named \.pdf but its contents are not a PDF: they look like a zip archive/,
    ],
    ['sample.doc', 'renamed.docx', /password-protected document, or one saved in an older format/],
    ['sample.pdf', 'renamed.txt', /named \.txt but its contents are a PDF/],
  ])('names what %s really is when it is called %s', async (source, name, message) => {
    const outcome = await hostile(name, fixture(source));
    expect(outcome).toMatchObject({ code: 'unsupported_media_type:file_signature', statusCode: 415 });
    expect(outcome.message).toMatch(message);
  });

  it('refuses a type it does not read', async () => {
    expect(await hostile('photo.png', fixture('sample.pdf'))).toMatchObject({
      code: 'unsupported_media_type:file_type',
      message: '“photo.png” cannot be read: choose a .txt, .pdf, .doc, .docx or .odt file.',
    });
  });
});

describe('the limits of the extraction processes', { timeout: ISSUE_LIMIT_MS }, () => {
  it('refuses a file over the size limit, in memory or on disk, before starting a process', async () => {
    const big = Buffer.alloc(LIMITS.maxBytes + 1, 0x61);
    expect(await hostile('big.txt', big)).toMatchObject({
      code: 'payload_too_large:file',
      statusCode: 413,
      message: '“big.txt” is larger than 20 MB. Choose a smaller file.',
    });
    const path = join(work, 'big.txt');
    writeFileSync(path, big);
    await expect(extractor.extractDocument({ path, fileName: 'big.txt' })).rejects.toMatchObject({
      code: 'payload_too_large:file',
    });
  });

  it('kills an extraction past its time limit', async () => {
    const hurried = new DocumentExtractor({ ...LIMITS, timeoutMs: 300 });
    const outcome = await hostile('slow.pdf', pdfOf(longBlocks(300)), hurried);
    expect(outcome).toMatchObject({
      code: 'payload_too_large:file_time_limit',
      statusCode: 413,
      message: 'Reading “slow.pdf” took longer than 1 second and was stopped. Try a smaller or simpler file.',
    });
  });

  it('refuses to read when the memory cap cannot be set (no prlimit), and says so once', async () => {
    const told: string[] = [];
    const uncapped = new DocumentExtractor(LIMITS, { onUncapped: (detail) => told.push(detail) });
    const path = process.env.PATH;
    process.env.PATH = work; // the extraction process finds no prlimit
    try {
      for (const name of ['a.txt', 'b.txt']) {
        await expect(
          uncapped.extractDocument({ bytes: Buffer.from('Zürich'), fileName: name }),
        ).rejects.toMatchObject({
          code: 'unavailable:document_extraction',
          statusCode: 503,
          message: 'Documents cannot be read right now. Please try again shortly.',
        });
      }
    } finally {
      process.env.PATH = path;
    }
    expect(told).toEqual(['prlimit (util-linux) could not cap the extraction process']);
  });

  it('runs at most `concurrency` at once, lets twice as many wait, and answers 503 past that', async () => {
    const single = new DocumentExtractor({ ...LIMITS, concurrency: 1 });
    const pdf = pdfOf(longBlocks(40));
    const calls = Array.from({ length: 4 }, (_, i) =>
      single.extractDocument({ bytes: pdf, fileName: `queued-${i}.pdf` }, { userId: `user-${i}` }).then(
        (document) => document.pages,
        (err: Outcome) => err.code,
      ),
    );
    const results = await Promise.all(calls);
    expect(results.filter((r) => r === 'unavailable:document_busy')).toHaveLength(1);
    expect(results.filter((r) => typeof r === 'number')).toHaveLength(3);
  });
});
