import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/config';
import { DocumentExtractor } from '#server/documents/document-extractor';
import { type DocumentLimits, documentLimits } from '#server/documents/document-limits';
import type { OcrStats } from '#server/documents/scanned-pages';
import { type ScannedPage, scanLines, scannedPdf } from '#tests/helpers/scanned-pdf';

/**
 * OCR of scanned PDF pages (issue 32, ADR 0030): tesseract.js in the isolated, memory-capped extraction
 * processes, its trained data from the installed package. Each page's words are checked leniently (OCR
 * is not exact): most of the page's words, case aside. Every page asked for is read or listed.
 */
const LIMITS: DocumentLimits = documentLimits(loadConfig({}));
const withOcr = (ocr: Partial<NonNullable<DocumentLimits['ocr']>>, limits: Partial<DocumentLimits> = {}) => ({
  ...LIMITS,
  ...limits,
  ocr: { ...LIMITS.ocr!, ...ocr },
});

const stats: OcrStats[] = [];
const extractors: DocumentExtractor[] = [];
function extractorWith(limits: DocumentLimits, ocrTurnMs?: number): DocumentExtractor {
  const extractor = new DocumentExtractor(limits, { onOcrFinished: (s) => stats.push(s), ocrTurnMs });
  extractors.push(extractor);
  return extractor;
}
const extractor = extractorWith(LIMITS);
afterAll(() => {
  for (const each of extractors) each.close();
});

/** The share of `lines`' words found in `text`, case aside. */
function wordsFound(lines: string[], text: string | undefined): number {
  const expected = lines
    .join(' ')
    .toUpperCase()
    .split(/\s+/)
    .map((word) => word.replace(/[.,]/g, ''));
  const got = new Set(
    (text ?? '')
      .toUpperCase()
      .split(/\s+/)
      .map((word) => word.replace(/[.,]/g, '')),
  );
  return expected.filter((word) => got.has(word)).length / expected.length;
}

/** A page of many lines: a few seconds of tesseract's time. */
const longScan = (lines: number): ScannedPage => ({
  scan: Array.from({ length: lines }, (_, i) => `LINE ${i} OF A LONG PAGE WITH MANY WORDS ON IT`),
});

const read = (
  bytes: Buffer,
  pages: number[],
  options: Parameters<DocumentExtractor['readScannedPages']>[2],
  using = extractor,
) => using.readScannedPages({ bytes, fileName: 'scan.pdf' }, pages, options);

describe('readScannedPages', () => {
  it('reads the words of scanned pages as paragraphs, and lists a page bomb and a blank scan', async () => {
    const bytes = scannedPdf([
      { scan: scanLines(1) },
      { text: ['A page with its own text layer.'] },
      { scan: scanLines(3) },
      { bomb: { width: 30_000, height: 30_000 } },
      { scan: [] },
    ]);
    const progress: unknown[] = [];
    const { texts, unreadable } = await read(bytes, [5, 3, 1, 4], {
      userId: 'reader',
      onPage: (p) => progress.push(p),
    });
    console.log('read by OCR:', JSON.stringify([...texts]));
    expect([...texts.keys()]).toEqual([1, 3]);
    expect(wordsFound(scanLines(1), texts.get(1))).toBeGreaterThanOrEqual(0.8);
    expect(wordsFound(scanLines(3), texts.get(3))).toBeGreaterThanOrEqual(0.8);
    // Lines joined into paragraphs: tesseract's blocks, a blank line apart.
    expect(texts.get(1)).toMatch(/^\S.*\S$/s);
    expect(texts.get(1)).not.toMatch(/[^\n]\n[^\n]/);
    expect(unreadable).toEqual([
      { page: 4, reason: 'image' },
      { page: 5, reason: 'no_text' },
    ]);
    expect(progress).toEqual([
      { done: 1, total: 4, page: 1 },
      { done: 2, total: 4, page: 3 },
      { done: 3, total: 4, page: 4 },
      { done: 4, total: 4, page: 5 },
    ]);
    expect(stats.at(-1)).toMatchObject({ pages: 4, read: 2, processes: 1, outcome: 'ok' });
    console.log(`OCR process: ${JSON.stringify(stats.at(-1))}`);
  });

  it.each(['bilevel', 'mask'] as const)('reads scans stored as %s 1-bit images', async (imageKind) => {
    const bytes = scannedPdf([{ scan: scanLines(1) }], { imageKind, scale: 8 });
    const { texts } = await read(bytes, [1], { userId: 'reader' });
    console.log(`${imageKind}:`, JSON.stringify(texts.get(1)));
    // The blocky test font is harder for tesseract without grey edges; real 1-bit scans read better.
    expect(wordsFound(scanLines(1), texts.get(1))).toBeGreaterThanOrEqual(0.5);
  });

  it('reads at most OCR_MAX_PAGES pages, in page order, and lists the rest as limit', async () => {
    const bytes = scannedPdf([1, 2, 3, 4].map((n) => ({ scan: scanLines(n) })));
    const progress: { total: number }[] = [];
    const { texts, unreadable } = await read(
      bytes,
      [4, 3, 2, 1],
      { userId: 'reader', onPage: (p) => progress.push(p) },
      extractorWith(withOcr({ maxPages: 2 })),
    );
    expect([...texts.keys()]).toEqual([1, 2]);
    expect(unreadable).toEqual([
      { page: 3, reason: 'limit' },
      { page: 4, reason: 'limit' },
    ]);
    expect(progress.map((p) => p.total)).toEqual([2, 2]);
  });

  it('lists a page whose image cannot be decoded within the memory cap as memory, and goes on', async () => {
    // 42 million white pixels: under pdf.js's size limit, over what 64 MB can decode (as RGB).
    const bytes = scannedPdf([{ bomb: { width: 6000, height: 7000 } }, { scan: scanLines(2) }]);
    const { texts, unreadable } = await read(
      bytes,
      [1, 2],
      { userId: 'reader' },
      extractorWith({ ...LIMITS, memoryMb: 64 }),
    );
    expect(unreadable).toEqual([{ page: 1, reason: 'memory' }]);
    expect(wordsFound(scanLines(2), texts.get(2))).toBeGreaterThanOrEqual(0.8);
  });

  it('reads with several languages, each from its own folder', async () => {
    // A second "language" that is English's data under another code, in a folder of its own.
    const folder = mkdtempSync(join(tmpdir(), 'draftsmith-ocr-test-'));
    try {
      const [english] = LIMITS.ocr!.languages;
      symlinkSync(join(english!.dataFolder, 'eng.traineddata.gz'), join(folder, 'enx.traineddata.gz'));
      const languages = [english!, { code: 'enx', dataFolder: folder }];
      const bytes = scannedPdf([{ scan: scanLines(1) }]);
      const { texts } = await read(bytes, [1], { userId: 'reader' }, extractorWith(withOcr({ languages })));
      expect(wordsFound(scanLines(1), texts.get(1))).toBeGreaterThanOrEqual(0.8);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('lists a page past its time limit as timeout and reads the next one in a new process', async () => {
    const bytes = scannedPdf([{ scan: scanLines(1) }, longScan(160), { scan: scanLines(3) }]);
    const started = performance.now();
    const { texts, unreadable } = await read(
      bytes,
      [1, 2, 3],
      { userId: 'reader' },
      extractorWith(withOcr({ pageTimeoutMs: 4000 })),
    );
    expect(unreadable).toEqual([{ page: 2, reason: 'timeout' }]);
    expect([...texts.keys()]).toEqual([1, 3]);
    expect(wordsFound(scanLines(3), texts.get(3))).toBeGreaterThanOrEqual(0.8);
    expect(stats.at(-1)).toMatchObject({ processes: 2, unreadable: { timeout: 1 } });
    console.log(`with a timeout: ${Math.round(performance.now() - started)} ms`);
  });

  it('stops at once when aborted: the process is killed and its place in line given back', async () => {
    const alone = extractorWith(withOcr({}, { concurrency: 1 }));
    const bytes = scannedPdf([{ scan: scanLines(1) }, longScan(160)]);
    const stop = new AbortController();
    let abortedAt = 0;
    const reading = read(
      bytes,
      [1, 2],
      {
        userId: 'reader',
        signal: stop.signal,
        onPage: () => {
          // Page 2, a long one, is being read now.
          abortedAt = performance.now();
          stop.abort(new Error('Stopped by the person'));
        },
      },
      alone,
    );
    await expect(reading).rejects.toThrow('Stopped by the person');
    expect(performance.now() - abortedAt).toBeLessThan(1000);
    expect(stats.at(-1)).toMatchObject({ outcome: 'aborted', read: 1 });
    // The one place in line is free again: a document is read at once.
    const started = performance.now();
    await alone.extractDocument({ bytes: Buffer.from('After the stop.'), fileName: 'after.txt' });
    expect(performance.now() - started).toBeLessThan(3000);
    // Aborted before it starts: nothing runs.
    await expect(
      read(bytes, [1], { userId: 'reader', signal: AbortSignal.abort(new Error('gone')) }, alone),
    ).rejects.toThrow('gone');
  });

  it('gives its place in line to a document waiting there once it has had its turn, then goes on', async () => {
    const alone = extractorWith(withOcr({}, { concurrency: 1 }), 0);
    const bytes = scannedPdf([1, 2, 3].map((n) => ({ scan: scanLines(n) })));
    const order: string[] = [];
    let waiting: Promise<unknown> | null = null;
    const ocr = read(
      bytes,
      [1, 2, 3],
      {
        userId: 'scanner',
        onPage: ({ page }) => {
          order.push(`page ${page}`);
          // Another person's upload waits for the one place in line while page 2 is read.
          waiting ??= alone
            .extractDocument({ bytes: Buffer.from('Waiting.'), fileName: 'waiting.txt' }, { userId: 'other' })
            .then(() => order.push('upload read'));
        },
      },
      alone,
    );
    const { texts } = await ocr;
    await waiting;
    expect([...texts.keys()]).toEqual([1, 2, 3]);
    // Page 2 was being read when the upload came: the upload went next, then OCR went on in a new process.
    expect(order).toEqual(['page 1', 'page 2', 'upload read', 'page 3']);
    expect(stats.at(-1)).toMatchObject({ processes: 2, read: 3 });
  });
});

describe('OCR_LANGUAGES', () => {
  it('takes installed languages joined by + or commas, and stops the server at start for one not installed', () => {
    const [eng] = loadConfig({ OCR_LANGUAGES: 'eng, eng' }).OCR_LANGUAGES;
    expect(loadConfig({ OCR_LANGUAGES: 'eng+eng' }).OCR_LANGUAGES).toHaveLength(1);
    expect(eng?.code).toBe('eng');
    expect(eng?.dataFolder).toMatch(/@tesseract\.js-data\/eng\/4\.0\.0_best_int$/);
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng+zzz' })).toThrow(ConfigError);
    expect(() => loadConfig({ OCR_LANGUAGES: 'eng+zzz' })).toThrow(
      'OCR_LANGUAGES: zzz has no trained data installed: run npm install @tesseract.js-data/zzz, or leave it out',
    );
    expect(() => loadConfig({ OCR_LANGUAGES: '../eng' })).toThrow(
      /OCR_LANGUAGES: must be tesseract's language codes/,
    );
  });
});
