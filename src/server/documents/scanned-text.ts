import type { ExtractedDocument } from './read-document.ts';

/** What a page's OCR text may add at most: its text and two blank lines around it. */
const SEPARATORS = 4;

/** What must follow `tail` (the end of the text so far) for a new paragraph to start after a blank line. */
function blankLineAfter(tail: string): string {
  if (tail === '' || tail.endsWith('\n\n')) return '';
  return tail.endsWith('\n') ? '\n' : '\n\n';
}

/**
 * A PDF's text with its scanned pages' OCR text put in place (`texts`: page → text, as readScannedPages
 * gives it): each page's text goes at the end of that page, after the few characters its own text layer
 * had, a paragraph apart from the text around it; `pageStarts`, `chars` and `scannedPages` follow (a page
 * whose text was put in is no longer listed as scanned). One pass, no text rebuilt per page.
 *
 * `maxChars` (pass the extractor's `limits.maxChars`, DOCUMENT_MAX_CHARS) bounds the result: the pages'
 * texts are put in in page order while the whole stays within it, and the first that would pass it and
 * every page after are left out and stay listed in `scannedPages`, so the result is never longer than
 * the limit (unless the document already was) and what was left out is known. Without it, the result
 * is bounded by what OCR gives: at most OCR_MAX_PAGES pages of at most 30,000 characters (ocr-text.ts).
 * Pages outside the document and blank texts are ignored. Throws for a document without page starts
 * (only a PDF has scanned pages).
 */
export function mergeScannedText(
  document: ExtractedDocument,
  texts: ReadonlyMap<number, string>,
  maxChars = Number.POSITIVE_INFINITY,
): ExtractedDocument {
  const { pageStarts, text: original } = document;
  if (!pageStarts) throw new Error('mergeScannedText needs a document with page starts (a PDF)');
  const pages = pageStarts.length;
  const merged = new Map<number, string>();
  let length = original.length;
  for (const page of [...texts.keys()].sort((a, b) => a - b)) {
    const ocr = texts.get(page)?.trim() ?? '';
    if (!Number.isInteger(page) || page < 1 || page > pages || ocr === '') continue;
    if (length + ocr.length + SEPARATORS > maxChars) break;
    merged.set(page, ocr);
    length += ocr.length + SEPARATORS;
  }
  if (merged.size === 0) return document;

  const parts: string[] = [];
  const starts: number[] = [];
  let written = 0;
  let tail = '';
  const write = (piece: string) => {
    if (piece === '') return;
    parts.push(piece);
    written += piece.length;
    tail = (tail + piece).slice(-2);
  };
  // Pages without text begin where the next text does (after its blank line), or at the end.
  let waiting = 0;
  /** This page, and the pages without text waiting before it, begin here. */
  const begin = () => {
    for (let i = 0; i <= waiting; i++) starts.push(written);
    waiting = 0;
  };
  for (let page = 1; page <= pages; page++) {
    const start = pageStarts[page - 1]!;
    const end = pageStarts[page] ?? original.length;
    const own = original.slice(start, end);
    const content = own.trimEnd();
    const ocr = merged.get(page);
    if (ocr === undefined) {
      if (content === '') waiting++;
      else begin();
      write(own);
      continue;
    }
    // The text after this page (if any) starts after a blank line, as every block does.
    const after = end < original.length ? '\n\n' : '';
    if (content !== '') {
      begin();
      write(`${content}\n\n${ocr}${after}`);
    } else {
      // A page without text: the text so far ends with the separator before the next page's text.
      write(blankLineAfter(tail));
      begin();
      write(`${ocr}${after}`);
    }
  }
  for (; waiting > 0; waiting--) starts.push(written);
  const text = parts.join('');
  const stillScanned = (document.scannedPages ?? []).filter((page) => !merged.has(page));
  const { scannedPages: _, ...rest } = document;
  return {
    ...rest,
    text,
    pageStarts: starts,
    ...(stillScanned.length > 0 ? { scannedPages: stillScanned } : {}),
    chars: text.length,
  };
}
