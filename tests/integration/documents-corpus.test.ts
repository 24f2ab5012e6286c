import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { DocumentExtractor } from '#server/documents/document-extractor';
import { type DocumentLimits, documentLimits } from '#server/documents/document-limits';
import { docxOf, longBlocks, odtOf, pdfOf, plainText } from '#tests/helpers/document-corpus';
import { writePdf } from '#tests/helpers/pdf-writer';

/**
 * The corpus: the committed samples (tests/fixtures/documents, made by make-fixtures.ts) in every format,
 * and long documents made here, read through the isolated extractor as the server will read uploads.
 */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'documents');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

/** The defaults of the configuration (README), as the server will use them. */
const DEFAULT_LIMITS: DocumentLimits = documentLimits(loadConfig({}));

const extractor = new DocumentExtractor(DEFAULT_LIMITS);
afterAll(() => extractor.close());

const read = (fileName: string, bytes: Buffer, limits?: Partial<DocumentLimits>) =>
  (limits ? new DocumentExtractor({ ...DEFAULT_LIMITS, ...limits }) : extractor).extractDocument({
    bytes,
    fileName,
  });

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; statusCode: number; message: string };
  }
  throw new Error('expected the extraction to fail');
};

describe('the sample in every format', () => {
  it.each(['sample.docx', 'sample.odt', 'sample.lo.odt', 'sample.pdf'])(
    '%s keeps its heading, lists and table as Markdown, and its non-ASCII text',
    async (name) => {
      const { text, format, chars } = await read(name, fixture(name));
      expect(format).toBe(name.split('.').pop());
      expect(chars).toBe(text.length);
      expect(text).toContain('# Quarterly report — Zürich office');
      expect(text).toContain(
        'A naïve plan for the launch in Tokyo (東京), written in Zürich. Curly “quotes” and an em dash — stay as they are.',
      );
      expect(text).toContain('- Open the Zürich office\n- Hire a naïve intern\n- Visit 東京 in spring');
      expect(text).toContain('1. Sign the lease\n2. Move the desks');
      expect(text).toContain(
        '| City | Country | Staff |\n| --- | --- | --- |\n| Zürich | Switzerland | 12 |\n| 東京 | Japan | 30 |',
      );
      expect(text.trim().endsWith('The end of the sample.')).toBe(true);
    },
  );

  it('the PDF says how many pages it has', async () => {
    expect(await read('sample.pdf', fixture('sample.pdf'))).toMatchObject({ format: 'pdf', pages: 1 });
  });

  it('sample.doc keeps its table, its dashes and curly quotes (its list items read as paragraphs)', async () => {
    const { text } = await read('sample.doc', fixture('sample.doc'));
    expect(text).toContain('Curly “quotes” and an em dash — stay as they are.');
    expect(text).toContain('Open the Zürich office\n\nHire a naïve intern\n\nVisit 東京 in spring');
    expect(text).toContain('| City | Country | Staff |\n| --- | --- | --- |\n| Zürich | Switzerland | 12 |');
    expect(text).toContain('| 東京 | Japan | 30 |');
  });

  it.each(['sample.txt', 'sample-bom.txt', 'sample-utf16le.txt', 'sample-utf16be.txt'])(
    '%s is read as the same text',
    async (name) => {
      const { text, format } = await read(name, fixture(name));
      expect(format).toBe('txt');
      expect(text).toBe(fixture('sample.txt').toString('utf8').trim());
      expect(text).toContain('Visit 東京 in spring');
    },
  );

  it('reads a file from disk by its path', async () => {
    const document = await extractor.extractDocument({
      path: join(FIXTURES, 'sample.odt'),
      fileName: 'Quarterly report.odt',
    });
    expect(document.text).toContain('| 東京 | Japan | 30 |');
  });

  it('uses the declared type when the name has no extension', async () => {
    const document = await extractor.extractDocument({
      bytes: fixture('sample.pdf'),
      fileName: 'scan',
      declaredType: 'application/pdf',
    });
    expect(document.format).toBe('pdf');
  });
});

describe('long documents', () => {
  const blocks = longBlocks(300);

  it('reads a 236-page PDF page by page', async () => {
    const { text, pages } = await read('long.pdf', pdfOf(blocks));
    expect(pages).toBe(236);
    expect(text).toContain('Section 300');
    expect(text).toContain('| Quarter | Revenue | Staff |');
    expect(text).toContain('- Review item 300');
  });

  it.each([
    ['long.docx', () => docxOf(blocks)],
    ['long.odt', async () => odtOf(blocks)],
    ['long.txt', async () => Buffer.from(plainText(blocks))],
  ])('reads %s to its end', async (name, make) => {
    const { text } = await read(name, await make());
    expect(text.length).toBeGreaterThan(800_000);
    expect(text).toContain('Section 300');
    expect(text).toContain('Budget line 300');
  });

  it('refuses a PDF with more pages than the limit, naming both numbers', async () => {
    const err = await failure(read('long.pdf', pdfOf(blocks), { maxPages: 100 }));
    expect(err).toMatchObject({
      code: 'payload_too_large:file_pages',
      statusCode: 413,
      message: '“long.pdf” has 236 pages; at most 100 can be read. Send the pages you need as a smaller PDF.',
    });
  });

  it.each([
    ['long.docx', () => docxOf(blocks)],
    ['long.odt', async () => odtOf(blocks)],
    ['long.txt', async () => Buffer.from(plainText(blocks))],
    ['long.pdf', async () => pdfOf(blocks)],
  ])('refuses %s past the character limit', async (name, make) => {
    const err = await failure(read(name, await make(), { maxChars: 50_000 }));
    expect(err).toMatchObject({
      code: 'payload_too_large:file_text',
      statusCode: 413,
      message: `“${name}” holds more than 50,000 characters of text, the most that can be read. Send a shorter part of it.`,
    });
  });
});

describe('documents without text', () => {
  it('names a PDF of scanned images as such: pages for OCR, or refused while OCR is off', async () => {
    const scan = writePdf([
      { content: Buffer.from('q 500 0 0 700 50 50 cm /Im1 Do Q'), image: true },
      { content: Buffer.from('q 500 0 0 700 50 50 cm /Im1 Do Q'), image: true },
    ]);
    // Its pages are for OCR (issue 32; documents-ocr.test.ts reads them).
    expect(await read('scan.pdf', scan)).toMatchObject({ pages: 2, scannedPages: [1, 2] });
    const err = await failure(read('scan.pdf', scan, { ocr: { ...DEFAULT_LIMITS.ocr!, maxPages: 0 } }));
    expect(err).toMatchObject({
      code: 'unprocessable:file_scanned',
      statusCode: 422,
      message: 'This PDF is scanned images without text; OCR is not available',
    });
  });

  it('says a PDF of blank pages holds no text', async () => {
    const err = await failure(read('blank.pdf', writePdf([{ content: Buffer.from('') }])));
    expect(err).toMatchObject({
      code: 'unprocessable:file_no_text',
      message: '“blank.pdf” holds no text to read.',
    });
  });

  it.each([
    ['empty.docx', () => docxOf([])],
    ['empty.odt', async () => odtOf([])],
    ['spaces.txt', async () => Buffer.from('  \n\n ')],
  ])('says %s holds no text', async (name, make) => {
    const err = await failure(read(name, await make()));
    expect(err).toMatchObject({ code: 'unprocessable:file_no_text', statusCode: 422 });
  });

  it('says a file of no bytes is empty, before starting a process', async () => {
    const err = await failure(read('empty.pdf', Buffer.alloc(0)));
    expect(err).toMatchObject({ code: 'bad_request:file_empty', message: '“empty.pdf” is empty.' });
  });
});
