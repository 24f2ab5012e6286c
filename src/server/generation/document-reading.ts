import type { DocumentExtractor } from '#server/documents/document-extractor';
import { mergeScannedText } from '#server/documents/scanned-text';
import { AppError } from '#server/errors';
import { type DocumentPart, labelledText, splitDocument } from '#server/tools/document-parts';
import type { GenerationProgress, ToolDocument } from '#server/tools/server-tool';
import type { DocumentCoverage, DocumentFormat } from '#shared/documents';

/** A document read for the generation (generation/admission.ts): its text and the original file. */
export interface GenerationDocument extends ToolDocument {
  format: DocumentFormat;
  bytes: Uint8Array;
  /** Where each page begins in `text`, for a document with page numbers. */
  pageStarts?: number[];
  /** Its tables, as the extractor wrote them. */
  tables: number;
  /** PDF pages without a text layer, to be read by OCR. */
  scannedPages?: number[];
}

/** The scanned pages of a PDF read by OCR in the isolated extractor, and its limits (`app.documents`). */
export type ScannedPageReader = Pick<DocumentExtractor, 'readScannedPages' | 'limits'>;

/** A document as the generation uses it, once its scanned pages are read. */
export interface DocumentForGeneration {
  /** Its plain text (what the resume assistant rewrites and its match report reads). */
  plain: ToolDocument;
  /** Its text in parts, each within a page: saved with the chat for follow-ups and citations. */
  parts: DocumentPart[];
  /** What was read of it; the answer adds how many parts it summarized. */
  coverage: Omit<DocumentCoverage, 'partsSummarized'>;
}

/**
 * Reads a document's scanned pages by OCR (a `progress` event a page: 'Reading page 3 of 12
 * (scanned)'), puts their text in place, cuts the whole into parts and says what was read: pages with a
 * text layer, pages read by OCR, pages that could not be read and pages not read at all (listed, never
 * dropped silently), tables and characters. Stopped (`signal`) while its pages are read, it goes on with
 * the text layer alone, its scanned pages listed as not read ('stopped').
 */
export async function readForGeneration(
  document: GenerationDocument,
  options: {
    scans: ScannedPageReader;
    userId: string;
    signal: AbortSignal;
    progress: (event: GenerationProgress) => void;
  },
): Promise<DocumentForGeneration> {
  const scanned = document.scannedPages ?? [];
  const scans = scanned.length > 0 ? await readScans(document, scanned, options) : null;
  const text = scans?.text ?? document.text;
  const pages = document.pages ?? null;
  const pagesWithText =
    pages === null || !document.pageStarts
      ? null
      : countPagesWithText(document.text, document.pageStarts, new Set(scanned));
  return {
    plain: {
      name: document.name,
      text,
      ...(document.pages ? { pages: document.pages } : {}),
      ...(document.email ? { email: document.email } : {}),
    },
    parts: splitDocument(text, scans?.pageStarts ?? document.pageStarts),
    coverage: {
      pages,
      pagesWithText,
      pagesOcr: scans?.ocrPages ?? 0,
      pagesUnreadable: scans?.unreadable ?? [],
      pagesNotRead: scans?.notRead ?? [],
      tables: document.tables,
      characters: text.length,
    },
  };
}

/**
 * The document's text with its scanned pages read by OCR and put in place, and what became of them:
 * pages OCR tried and could not read; pages past OCR_MAX_PAGES, not tried; pages read but left out to
 * keep within DOCUMENT_MAX_CHARS (still listed as scanned after the merge); or, stopped, all of them.
 * 422 when nothing at all could be read.
 */
async function readScans(
  document: GenerationDocument,
  scanned: number[],
  options: Parameters<typeof readForGeneration>[1],
) {
  // The pages OCR reads (at most OCR_MAX_PAGES: the rest are listed as not read).
  let total = Math.min(scanned.length, options.scans.limits.ocr?.maxPages ?? scanned.length);
  const report = (done: number) =>
    options.progress({
      stage: 'ocr',
      done,
      total,
      message:
        done < total
          ? `Reading page ${done + 1} of ${total} (scanned)`
          : `Read ${total === 1 ? 'the scanned page' : `${total} scanned pages`}`,
    });
  report(0);
  let read: Awaited<ReturnType<ScannedPageReader['readScannedPages']>>;
  try {
    read = await options.scans.readScannedPages({ bytes: document.bytes, fileName: document.name }, scanned, {
      userId: options.userId,
      signal: options.signal,
      onPage: (progress) => {
        total = progress.total;
        report(progress.done);
      },
    });
  } catch (err) {
    if (!options.signal.aborted) throw err;
    const stopped: DocumentCoverage['pagesNotRead'] = [{ reason: 'stopped', pages: sorted(scanned) }];
    return {
      text: document.text,
      pageStarts: document.pageStarts,
      ocrPages: 0,
      unreadable: [],
      notRead: stopped,
    };
  }
  const merged = mergeScannedText(
    {
      text: document.text,
      format: document.format,
      chars: document.text.length,
      tables: document.tables,
      pages: document.pages,
      pageStarts: document.pageStarts,
      scannedPages: scanned,
    },
    read.texts,
    options.scans.limits.maxChars,
  );
  const tried = read.unreadable.filter((entry) => entry.reason !== 'limit').map((entry) => entry.page);
  const pastLimit = read.unreadable.filter((entry) => entry.reason === 'limit').map((entry) => entry.page);
  const failed = new Set(read.unreadable.map((entry) => entry.page));
  const leftOut = (merged.scannedPages ?? []).filter((page) => !failed.has(page));
  const notRead: DocumentCoverage['pagesNotRead'] = [];
  if (pastLimit.length > 0) notRead.push({ reason: 'ocr_limit', pages: sorted(pastLimit) });
  if (leftOut.length > 0) notRead.push({ reason: 'text_limit', pages: sorted(leftOut) });
  const missing = new Set([...failed, ...leftOut]);
  const ocrPages = [...read.texts.keys()].filter(
    (page) => !missing.has(page) && read.texts.get(page)?.trim(),
  ).length;
  if (merged.text.trim() === '') {
    throw new AppError(
      'unprocessable:file_no_text',
      `No page of “${document.name}” could be read: its pages are scanned images, and OCR found no text on them.`,
    );
  }
  return { text: merged.text, pageStarts: merged.pageStarts, ocrPages, unreadable: sorted(tried), notRead };
}

/** The document as a citing tool reads it: its text labelled with its pages (`[p. 12]`) or parts. */
export function labelledDocument(read: DocumentForGeneration): ToolDocument {
  return { ...read.plain, text: labelledText(read.parts) };
}

const sorted = (pages: number[]) => [...pages].sort((a, b) => a - b);

/** Pages whose text layer had text (a scanned page's few stray characters do not count). */
function countPagesWithText(text: string, pageStarts: readonly number[], scanned: Set<number>): number {
  let count = 0;
  for (let i = 0; i < pageStarts.length; i++) {
    if (scanned.has(i + 1)) continue;
    if (text.slice(pageStarts[i], pageStarts[i + 1] ?? text.length).trim() !== '') count++;
  }
  return count;
}
