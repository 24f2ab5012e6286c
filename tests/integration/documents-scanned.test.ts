import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { DocumentExtractor } from '#server/documents/document-extractor';
import { type DocumentLimits, documentLimits } from '#server/documents/document-limits';
import { type ExtractedDocument, readDocument } from '#server/documents/read-document';
import { scanLines, scannedPdf } from '#tests/helpers/scanned-pdf';

/**
 * Pages and scans (issue 32): where each page of a document begins, which pages of a PDF are scans for
 * OCR (almost no text layer, and an image), the tables counted, and a PDF of nothing but scans read
 * (for OCR) rather than refused, unless OCR is off. Read in this process (readDocument, as the
 * extraction process runs it) and once through the isolated extractor.
 */
const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'documents');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));

const LIMITS: DocumentLimits = documentLimits(loadConfig({}));
const OCR_OFF: DocumentLimits = { ...LIMITS, ocr: { ...LIMITS.ocr!, maxPages: 0 } };

const read = (fileName: string, bytes: Uint8Array, limits = LIMITS) =>
  readDocument({ bytes, fileName, format: fileName.endsWith('.pdf') ? 'pdf' : 'docx' }, limits);

/** Each page's text, as the page starts cut it. */
const pageTexts = ({ text, pageStarts = [] }: ExtractedDocument) =>
  pageStarts.map((start, i) => text.slice(start, pageStarts[i + 1] ?? text.length).trim());

const extractor = new DocumentExtractor(LIMITS);
afterAll(() => extractor.close());

describe('scanned pages of a PDF', () => {
  const mixed = scannedPdf([
    { scan: scanLines(1) },
    { text: ['The second page has a text layer of its own.'] },
    { scan: scanLines(3), stamp: '- 3 -' },
    { text: [] },
    { bomb: { width: 30_000, height: 30_000 } },
    { text: ['The last page has text too.'] },
  ]);

  it('lists the pages with almost no text that paint an image, a page bomb among them, not a blank page', async () => {
    const started = performance.now();
    const document = await read('mixed.pdf', mixed);
    // The bomb's 900 million pixels were never decoded.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(document).toMatchObject({ format: 'pdf', pages: 6, scannedPages: [1, 3, 5], tables: 0 });
    expect(document.pageStarts).toHaveLength(6);
    expect(pageTexts(document)).toEqual([
      '',
      'The second page has a text layer of its own.',
      '- 3 -',
      '',
      '',
      'The last page has text too.',
    ]);
    expect(document.chars).toBe(document.text.length);
  });

  it('comes through the isolated extractor the same', async () => {
    expect(await extractor.extractDocument({ bytes: mixed, fileName: 'mixed.pdf' })).toEqual(
      await read('mixed.pdf', mixed),
    );
  });

  it('reads a PDF of nothing but scans for OCR, or refuses it as scanned when OCR is off', async () => {
    const scans = scannedPdf([{ scan: scanLines(1) }, { scan: scanLines(2) }]);
    expect(await read('scans.pdf', scans)).toEqual({
      text: '',
      format: 'pdf',
      pages: 2,
      pageStarts: [0, 0],
      tables: 0,
      scannedPages: [1, 2],
      chars: 0,
    });
    await expect(read('scans.pdf', scans, OCR_OFF)).rejects.toMatchObject({
      code: 'unprocessable:file_scanned',
      statusCode: 422,
    });
    // Blank pages are still a PDF without text.
    await expect(read('blank.pdf', scannedPdf([{ text: [] }, { text: [] }]))).rejects.toMatchObject({
      code: 'unprocessable:file_no_text',
    });
  });

  it('checks the images of as many scans as OCR reads and one more; a page without text after them is taken for one', async () => {
    const pages = scannedPdf([{ scan: scanLines(1) }, { text: [] }, { scan: scanLines(3) }, { text: [] }]);
    const oneOcrPage = { ...LIMITS, ocr: { ...LIMITS.ocr!, maxPages: 1 } };
    // Pages 1 and 3 are checked (two scans found), so page 4 is taken for a scan unchecked.
    expect((await read('pages.pdf', pages, oneOcrPage)).scannedPages).toEqual([1, 3, 4]);
    expect((await read('pages.pdf', pages)).scannedPages).toEqual([1, 3]);
  });
});

describe('pages and tables of each format', () => {
  it('gives a text PDF a page start a page and no scanned pages', async () => {
    const document = await read('sample.pdf', fixture('sample.pdf'));
    expect(document).toMatchObject({ pages: 1, pageStarts: [0], tables: 1 });
    expect(document).not.toHaveProperty('scannedPages');
  });

  it('counts the tables of the .docx, .odt and .txt samples, and gives them no pages without page breaks', async () => {
    for (const [name, tables] of [
      ['sample.docx', 1],
      ['sample.odt', 1],
      ['sample.lo.odt', 1],
      ['sample.txt', 0],
    ] as const) {
      const document = await extractor.extractDocument({ bytes: fixture(name), fileName: name });
      expect(document.tables, name).toBe(tables);
      expect(document, name).not.toHaveProperty('pageStarts');
      expect(document, name).not.toHaveProperty('pages');
    }
  });

  it('gives a .docx with page breaks its pages', async () => {
    const docx = await Packer.toBuffer(
      new Document({
        sections: [
          {
            children: [
              new Paragraph('Page one.'),
              new Paragraph({ children: [new PageBreak()] }),
              new Paragraph('Page two.'),
              new Paragraph({ children: [new TextRun('Still two.'), new PageBreak()] }),
              new Paragraph('Page three.'),
            ],
          },
        ],
      }),
    );
    const document = await read('breaks.docx', docx);
    expect(document.pages).toBe(3);
    expect(pageTexts(document)).toEqual(['Page one.', 'Page two.\n\nStill two.', 'Page three.']);
  });

  it('gives a .txt with form feeds its pages', async () => {
    const document = await extractor.extractDocument({
      bytes: Buffer.from('First page.\fSecond page.\n\f'),
      fileName: 'pages.txt',
    });
    expect(document).toEqual({
      text: 'First page.\n\nSecond page.',
      format: 'txt',
      pages: 2,
      pageStarts: [0, 13],
      tables: 0,
      chars: 25,
    });
  });
});
