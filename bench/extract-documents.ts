/**
 * Document extraction (ADR 0016): a long document in each format read through the isolated extractor
 * as the server reads uploads (one process per document, memory-capped), against `pdftotext` (Poppler)
 * on the same PDFs, run right after each extraction so both see the same load on a shared machine, with
 * the longest event-loop stall of this process (the server's part) during each extraction and the peak
 * memory of the extraction process. Then pdf.js alone (opening the PDF and getTextContent on each page,
 * in this process, warmed up): the part of a PDF's time no change around pdf.js can remove. Then OCR
 * (ADR 0030): a scanned PDF (pages of grey images, no text layer) read by readScannedPages as a
 * generation reads it, with the time per page, the OCR process's start and peak memory, the share of
 * the words read, against the text PDF's time per page and its extraction's peak memory from this run.
 * Last, a 1,000-page document's parts ranked for a follow-up (documents/ranking.ts), on PGlite and on
 * PostgreSQL when TEST_DATABASE_URL is set. Prints figures; asserts nothing.
 * Run: `npm run bench:documents` (BENCH_SECTIONS, default 300: about 235 pages in the generated PDF;
 * BENCH_RUNS, default 5; BENCH_OCR_PAGES, default 10 scanned pages, read once).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '#server/config/config';
import { DocumentExtractor, type ExtractionStats } from '#server/documents/document-extractor';
import { documentLimits } from '#server/documents/document-limits';
import { openPdf } from '#server/documents/extract-pdf';
import { installAtOnceDecompression } from '#server/documents/pdf-inflate';
import { listenToPdfWarnings } from '#server/documents/pdf-warnings';
import type { OcrStats } from '#server/documents/scanned-pages';
import { docxOf, longBlocks, odtOf, pdfOf, plainText } from '#tests/helpers/document-corpus';
import { inflatingPdf, zipBomb } from '#tests/helpers/hostile-documents';
import { convertWithLibreOffice } from '#tests/helpers/libreoffice';
import { scannedPdf } from '#tests/helpers/scanned-pdf';
import { rankingFigures } from './documents/ranking.ts';

const SECTIONS = Number(process.env.BENCH_SECTIONS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const OCR_PAGES = Number(process.env.BENCH_OCR_PAGES ?? 10);
const work = mkdtempSync(join(tmpdir(), 'draftsmith-bench-documents-'));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const has = (command: string) => spawnSync(command, ['-v'], { stdio: 'ignore' }).error === undefined;

let last: ExtractionStats | null = null;
let lastOcr: OcrStats | null = null;
const extractor = new DocumentExtractor(
  documentLimits(loadConfig({})), // the defaults the README lists
  {
    onUncapped: (detail) => console.log(`warning: ${detail}`),
    onFinished: (stats) => {
      last = stats;
    },
    onOcrFinished: (stats) => {
      lastOcr = stats;
    },
  },
);

interface Row {
  name: string;
  pages?: number;
  chars?: number;
  outcome: string;
  totalMs: number;
  readMs?: number;
  stallMs: number;
  peakMb?: number;
  pdftotextMs?: number;
  /** The first run's total: it fills the processes' compile cache when that is still empty. */
  firstMs?: number;
}

async function measure(name: string, path: string, compare: boolean): Promise<Row> {
  const totals: number[] = [];
  const poppler: number[] = [];
  const reads: number[] = [];
  const stalls: number[] = [];
  const peaks: number[] = [];
  let result: { pages?: number; chars?: number; outcome: string } = { outcome: 'ok' };
  for (let i = 0; i < RUNS; i++) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    try {
      const document = await extractor.extractDocument({ path, fileName: name });
      result = { pages: document.pages, chars: document.chars, outcome: 'ok' };
    } catch (err) {
      result = { outcome: (err as { code?: string }).code ?? String(err) };
    }
    delay.disable();
    const stats = last as ExtractionStats | null;
    if (stats) {
      totals.push(stats.ms);
      if (stats.readMs !== undefined) reads.push(stats.readMs);
      if (stats.maxRssKb !== undefined) peaks.push(stats.maxRssKb / 1024);
    }
    stalls.push(delay.max / 1e6);
    if (compare) poppler.push(pdftotext(path));
  }
  return {
    name,
    ...result,
    totalMs: median(totals),
    readMs: reads.length > 0 ? median(reads) : undefined,
    stallMs: Math.max(...stalls),
    peakMb: peaks.length > 0 ? Math.max(...peaks) : undefined,
    pdftotextMs: poppler.length > 0 ? median(poppler) : undefined,
    firstMs: totals[0],
  };
}

/** One run of `pdftotext` on the file, in ms. */
function pdftotext(path: string): number {
  const started = performance.now();
  spawnSync('pdftotext', [path, join(work, 'pdftotext.txt')], { stdio: 'ignore' });
  return performance.now() - started;
}

/**
 * pdf.js alone on a PDF, in this process once warmed up: opened as the extraction opens it, its text
 * content taken page by page, nothing laid out, no process started. Median ms, each run followed by a
 * run of pdftotext (median ms too).
 */
async function pdfjsAlone(path: string): Promise<{ ms: number; pdftotextMs: number }> {
  const bytes = readFileSync(path);
  const times: number[] = [];
  const poppler: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const { pdf } = await openPdf(bytes);
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      await page.getTextContent({ includeMarkedContent: false });
      page.cleanup();
    }
    await pdf.destroy();
    // The first run warms pdf.js up and is left out.
    if (i > 0) times.push(performance.now() - started);
    if (i > 0) poppler.push(pdftotext(path));
  }
  return { ms: median(times), pdftotextMs: median(poppler) };
}

/** Words for the scanned pages: what the bitmap font draws (capitals), common enough for tesseract's model. */
const WORDS =
  'THE COMMITTEE REVIEWED BUDGET STAFF RISKS OFFICE REPORT QUARTER REVENUE COSTS PLAN MEETING SPRING CITY COUNCIL MEMBERS AGREED TO A NEW SCHEDULE FOR THE WORK ON ROADS AND SCHOOLS IN EACH DISTRICT WITH MORE FUNDS THAN LAST YEAR WHILE SOME ASKED FOR CLEARER ACCOUNTS OF THE CONTRACTS SIGNED BEFORE SUMMER'.split(
    ' ',
  );

/** A scanned page's lines: 48 lines of up to 60 characters (about 2,700 characters, an A4 page of text). */
function scannedPageLines(page: number): string[] {
  let seed = page * 7919;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return WORDS[seed % WORDS.length]!;
  };
  return Array.from({ length: 48 }, () => {
    let line = next();
    for (let word = next(); line.length + 1 + word.length <= 60; word = next()) line += ` ${word}`;
    return line;
  });
}

/** The share of the words of `lines` that `text` holds, each counted as often as it appears. */
function shareOfWords(lines: string[], text: string): number {
  const got = new Map<string, number>();
  for (const word of text.toUpperCase().split(/\s+/)) got.set(word, (got.get(word) ?? 0) + 1);
  const expected = lines.join(' ').split(' ');
  let found = 0;
  for (const word of expected) {
    const left = got.get(word) ?? 0;
    if (left > 0) {
      found++;
      got.set(word, left - 1);
    }
  }
  return found / expected.length;
}

interface OcrRow {
  pages: number;
  extractMs: number;
  totalMs: number;
  stats: OcrStats;
  words: number;
  stallMs: number;
}

/**
 * A scanned PDF of OCR_PAGES pages (grey images at 4 pixels a font dot: capitals 28 pixels tall, 10-point
 * type at 200 dpi) read as a generation reads it: extracted (its scans found), then its scanned pages
 * read by OCR in one call, once.
 */
async function measureOcr(path: string): Promise<OcrRow> {
  const bytes = readFileSync(path);
  const started = performance.now();
  const document = await extractor.extractDocument({ bytes, fileName: 'scanned.pdf' });
  const extractMs = performance.now() - started;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const ocrStarted = performance.now();
  const { texts } = await extractor.readScannedPages(
    { bytes, fileName: 'scanned.pdf' },
    document.scannedPages ?? [],
    { userId: 'bench' },
  );
  const totalMs = performance.now() - ocrStarted;
  delay.disable();
  const shares = [...Array(OCR_PAGES).keys()].map((i) =>
    shareOfWords(scannedPageLines(i + 1), texts.get(i + 1) ?? ''),
  );
  return {
    pages: document.scannedPages?.length ?? 0,
    extractMs,
    totalMs,
    stats: lastOcr as unknown as OcrStats,
    words: shares.reduce((a, b) => a + b, 0) / shares.length,
    stallMs: delay.max / 1e6,
  };
}

/** LibreOffice's conversion of the .docx (a real word processor's PDF, fonts embedded), if installed. */
function convert(docx: string, filter: string, extension: string): string | null {
  const result = convertWithLibreOffice(docx, filter, join(work, extension), work);
  return result.status === 0 ? join(work, extension, `long.${extension}`) : null;
}

try {
  const blocks = longBlocks(SECTIONS);
  const write = (name: string, bytes: Buffer) => {
    const path = join(work, name);
    writeFileSync(path, bytes);
    return path;
  };
  const files: [string, string][] = [
    ['long.pdf', write('long.pdf', pdfOf(blocks))],
    ['long.docx', write('long.docx', await docxOf(blocks))],
    ['long.odt', write('long.odt', odtOf(blocks))],
    ['long.txt', write('long.txt', Buffer.from(plainText(blocks)))],
  ];
  const soffice = has('soffice');
  if (soffice) {
    const pdf = convert(join(work, 'long.docx'), 'pdf:writer_pdf_Export', 'pdf');
    if (pdf) files.push(['long.libreoffice.pdf', pdf]);
    const doc = convert(join(work, 'long.docx'), 'doc:MS Word 97', 'doc');
    if (doc) files.push(['long.doc', doc]);
  }
  files.push(['tiny.txt', write('tiny.txt', Buffer.from('Zürich'))]);
  const scanned = write(
    'scanned.pdf',
    scannedPdf([...Array(OCR_PAGES).keys()].map((i) => ({ scan: scannedPageLines(i + 1) }))),
  );
  const hostile: [string, string][] = [
    ['inflating.pdf', write('inflating.pdf', inflatingPdf(1024))],
    ['bomb-lying.docx', write('bomb-lying.docx', zipBomb('docx', { lieBytes: 90 * 1024 * 1024 }))],
  ];

  const havePdftotext = has('pdftotext');
  const rows: Row[] = [];
  for (const [name, path] of files)
    rows.push(await measure(name, path, havePdftotext && name.endsWith('.pdf')));
  for (const [name, path] of hostile) rows.push(await measure(name, path, false));

  const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '—' : n.toFixed(digits));
  console.log(
    `\nDocument extraction, ${SECTIONS} sections; median of ${RUNS} runs; one process per document (spawn included in "total"); pdftotext run after each extraction`,
  );
  console.log(
    'file                     pages  chars     outcome                               total ms  read ms  stall ms  peak MB  pdftotext ms  ratio',
  );
  for (const r of rows) {
    const ratio = r.pdftotextMs
      ? `${(r.totalMs / r.pdftotextMs).toFixed(1)}× (read only ${((r.readMs ?? 0) / r.pdftotextMs).toFixed(1)}×)`
      : '';
    console.log(
      [
        r.name.padEnd(24),
        fmt(r.pages).padStart(5),
        fmt(r.chars).padStart(9),
        ` ${r.outcome}`.padEnd(39),
        fmt(r.totalMs).padStart(8),
        fmt(r.readMs).padStart(8),
        fmt(r.stallMs, 1).padStart(9),
        fmt(r.peakMb).padStart(8),
        fmt(r.pdftotextMs).padStart(13),
        ` ${ratio}`,
      ].join(' '),
    );
  }
  if (!havePdftotext)
    console.log('pdftotext not found: install Poppler (Debian: apt-get install poppler-utils) to compare.');
  if (!soffice) {
    console.log(
      'soffice not found: no .doc or word-processor PDF (Debian: apt-get install libreoffice-writer-nogui).',
    );
  }
  const first = rows[0];
  if (first?.firstMs !== undefined)
    console.log(
      `First extraction of this run (${first.name}): ${fmt(first.firstMs)} ms (100–200 ms more than the others when the processes' compile cache is still empty, as on a machine's first run).`,
    );
  const tiny = rows.find((r) => r.name === 'tiny.txt');
  if (tiny)
    console.log(
      `Process overhead (a six-byte .txt): ${fmt(tiny.totalMs)} ms, ${fmt(tiny.readMs, 1)} ms of it reading.`,
    );
  console.log(`Targets (issue 11): PDF ≤ 2.5× pdftotext, event-loop stall < 50 ms.`);
  const ocr = await measureOcr(scanned);
  const longPdf = rows.find((r) => r.name === 'long.pdf');
  const { stats } = ocr;
  const pageMs = median(stats.pageMs);
  const textPageMs = longPdf?.readMs && longPdf.pages ? longPdf.readMs / longPdf.pages : undefined;
  const peakMb = (stats.maxRssKb ?? 0) / 1024;
  console.log(
    `\nOCR (tesseract.js, ${loadConfig({})
      .OCR_LANGUAGES.map((l) => l.code)
      .join(
        '+',
      )}), ${OCR_PAGES} scanned pages of about 2,700 characters (48 lines, 10-point type at 200 dpi), one call as a generation makes it:`,
  );
  console.log(
    `  found as scans in ${fmt(ocr.extractMs)} ms (extraction); read ${stats.read} of ${ocr.pages} in ${fmt(ocr.totalMs)} ms, ${stats.processes} process(es), tesseract started in ${fmt(median(stats.startMs))} ms`,
  );
  console.log(
    `  per page: median ${fmt(pageMs)} ms, slowest ${fmt(Math.max(...stats.pageMs))} ms; ${fmt(ocr.totalMs / Math.max(ocr.pages, 1))} ms with the start shared out` +
      (textPageMs
        ? `; ${(pageMs / textPageMs).toFixed(0)}× a page of long.pdf's text layer (${textPageMs.toFixed(1)} ms)`
        : ''),
  );
  console.log(
    `  OCR process peak memory ${fmt(peakMb)} MB` +
      (longPdf?.peakMb
        ? ` (${(peakMb / longPdf.peakMb).toFixed(1)}× long.pdf's extraction, ${fmt(longPdf.peakMb)} MB)`
        : '') +
      `; words read ${(ocr.words * 100).toFixed(1)}%; longest event-loop stall of this process ${fmt(ocr.stallMs, 1)} ms`,
  );
  if (havePdftotext) {
    // In this process, after the extractions: what pdf.js itself needs, whatever surrounds it.
    installAtOnceDecompression();
    // pdf.js's warnings (at the verbosity the extraction opens it with) are the extraction's business.
    listenToPdfWarnings();
    for (const [name, path] of files.filter(([file]) => file.endsWith('.pdf'))) {
      const alone = await pdfjsAlone(path);
      console.log(
        `pdf.js alone on ${name} (open + getTextContent per page, warmed up, no process, no layout): ${fmt(alone.ms)} ms, ${(alone.ms / alone.pdftotextMs).toFixed(1)}× pdftotext (${fmt(alone.pdftotextMs)} ms).`,
      );
    }
  }
  // A long document's parts ranked for a follow-up (ADR 0029), on each database.
  console.log(`\n${await rankingFigures()}`);
} finally {
  extractor.close();
  rmSync(work, { recursive: true, force: true });
}
