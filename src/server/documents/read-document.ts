import { AppError } from '#server/errors';
import type { EmailThread } from '#shared/email-thread';
import { documentErrors } from './document-errors.ts';
import { type DocumentFormat, FORMAT_NAMES, signatureMismatch } from './document-formats.ts';
import type { DocumentLimits } from './document-limits.ts';
import { extractDoc } from './extract-doc.ts';
import { extractPdf, PdfProblem } from './extract-pdf.ts';
import { decodeText, pagesOfText, TEXT_PROBLEMS } from './extract-txt.ts';
import { MarkdownWriter, TextLimitReached } from './markdown-writer.ts';

export interface ExtractedDocument {
  /** Markdown-ish: headings, paragraphs, lists as lists, tables as pipe tables. */
  text: string;
  format: DocumentFormat;
  /**
   * Pages: always for a PDF; for a .docx, .odt or .txt only when the file marks where its pages break
   * (Word's rendered and hard page breaks, OpenDocument's soft page breaks and page-breaking paragraph
   * styles, form feeds), with `pageStarts`.
   */
  pages?: number;
  /**
   * Offsets in `text` where each page begins, one per page: the first is 0, none is smaller than the
   * one before, and a page without text begins where the next one does (or at the end of the text).
   * Present exactly when `pages` is.
   */
  pageStarts?: number[];
  /** Pipe tables in `text` (0 for a .txt). */
  tables: number;
  /**
   * PDFs only, when any: the 1-based pages with (almost) no text layer that paint an image, for OCR
   * (extract-pdf.ts says how they are found). Their own few characters, if any, are in `text`.
   */
  scannedPages?: number[];
  chars: number;
  /**
   * An .eml's thread (issue 34): its last message's headers, text and quoted history, its attachments
   * listed; `text` is the same as the model reads it (extract-eml.ts).
   */
  email?: EmailThread;
}

export interface DocumentJob {
  bytes: Uint8Array;
  fileName: string;
  format: DocumentFormat;
}

/** An allocation that failed under the memory cap (ArrayBuffer, string or zlib). */
export function isOutOfMemory(err: unknown): boolean {
  const message = (err as Error | undefined)?.message ?? '';
  return (
    (err instanceof RangeError &&
      /allocation failed|invalid array length|invalid string length|array buffer/i.test(message)) ||
    /ENOMEM|Cannot allocate memory|out of memory/i.test(message)
  );
}

/** The readers of a .docx or .odt: the zip and XML libraries, loaded only for these formats. */
const zipReaders = () =>
  Promise.all([import('./zip-archive.ts'), import('./extract-docx.ts'), import('./extract-odt.ts')]);

/** The reader of an .eml: postal-mime, loaded only for it. */
const emlReader = () => import('./extract-eml.ts');

/**
 * Loads the modules that reading a document of this format needs beyond what every format uses. The
 * extraction process reads one document: loading the zip and XML readers for a PDF or a .txt only
 * slowed its start (about 20 ms, ADR 0016). It calls this before capping its memory; readDocument
 * loads them anyway when they are not loaded yet.
 */
export async function loadReaders(format: string): Promise<void> {
  if (format === 'docx' || format === 'odt') await zipReaders();
  if (format === 'eml') await emlReader();
}

/** A .docx or .odt; the failures of its readers are described here, where their types are known. */
async function readZip(job: DocumentJob, limits: DocumentLimits, writer: MarkdownWriter) {
  const [{ ZipArchive, ZipLimitError }, { extractDocx, NotWordDocument }, { extractOdt, NotOdtDocument }] =
    await zipReaders();
  const { fileName, format } = job;
  try {
    const zip = await ZipArchive.open(
      Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength),
      limits,
    );
    try {
      if (format === 'docx') await extractDocx(zip, writer);
      else await extractOdt(zip, writer);
    } finally {
      zip.close();
    }
  } catch (err) {
    if (err instanceof ZipLimitError) {
      throw err.limit === 'entries'
        ? documentErrors.tooManyEntries(fileName, limits.zipMaxEntries)
        : documentErrors.unpacksTooLarge(fileName, err.maxBytes);
    }
    if (err instanceof NotWordDocument || err instanceof NotOdtDocument) {
      throw documentErrors.signatureMismatch(
        `The file is named .${format} but its contents are ${err.message}, not ${FORMAT_NAMES[format]}. Choose the original file, or save it again as .${format}.`,
      );
    }
    throw err;
  }
}

/**
 * Reads one document in this process, with no isolation: the extraction process (extraction-child.ts)
 * calls it under its memory cap, and the server kills that process past the time limit. Every failure
 * comes out as the AppError of document-errors.ts.
 */
export async function readDocument(job: DocumentJob, limits: DocumentLimits): Promise<ExtractedDocument> {
  const { bytes, fileName, format } = job;
  if (bytes.byteLength === 0) throw documentErrors.empty(fileName);
  if (bytes.byteLength > limits.maxBytes) throw documentErrors.tooLarge(fileName, limits.maxBytes);
  const mismatch = signatureMismatch(format, bytes.subarray(0, 1024));
  if (mismatch) throw documentErrors.signatureMismatch(mismatch);

  const writer = new MarkdownWriter(limits.maxChars);
  let scannedPages: number[] = [];
  const ocrPages = limits.ocr?.maxPages ?? 0;
  try {
    switch (format) {
      case 'txt': {
        const decoded = decodeText(bytes);
        if ('problem' in decoded) throw documentErrors.notText(fileName, TEXT_PROBLEMS[decoded.problem]);
        const { text, pageStarts } = pagesOfText(decoded.text);
        if (text.length > limits.maxChars) throw new TextLimitReached();
        if (text === '') throw documentErrors.noText(fileName);
        const paged = pageStarts.length > 1 ? { pages: pageStarts.length, pageStarts } : {};
        return { text, format, ...paged, tables: 0, chars: text.length };
      }
      case 'eml': {
        const { text, email } = await (await emlReader()).extractEml(bytes, fileName, limits.maxChars);
        if (text.trim() === '') throw documentErrors.noText(fileName);
        return { text, format, tables: 0, chars: text.length, email };
      }
      case 'pdf':
        // The scans OCR reads are checked, and one more: enough to say that more were left out.
        scannedPages = (
          await extractPdf(bytes, writer, { maxPages: limits.maxPages, scanChecks: ocrPages + 1 })
        ).scannedPages;
        break;
      case 'doc':
        await extractDoc(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), writer);
        break;
      case 'docx':
      case 'odt':
        await readZip(job, limits, writer);
        break;
    }
  } catch (err) {
    throw describeFailure(err, job, limits);
  }
  const text = writer.text();
  if (text.trim() === '') {
    // A scan is read by OCR afterwards (DocumentExtractor.readScannedPages), unless OCR is off.
    if (scannedPages.length === 0) throw documentErrors.noText(fileName);
    if (ocrPages === 0) throw documentErrors.scanned();
  }
  const paged =
    format === 'pdf' || writer.hasPageBreaks ? { pages: writer.pages, pageStarts: writer.pageStarts() } : {};
  return {
    text,
    format,
    ...paged,
    tables: writer.tables,
    ...(scannedPages.length > 0 ? { scannedPages } : {}),
    chars: text.length,
  };
}

/** Any error of the readers above as the AppError a person sees. */
function describeFailure(err: unknown, job: DocumentJob, limits: DocumentLimits): AppError {
  const { fileName, format } = job;
  if (err instanceof AppError) return err;
  if (err instanceof TextLimitReached) return documentErrors.tooMuchText(fileName, limits.maxChars);
  if (err instanceof PdfProblem) {
    if (err.problem === 'encrypted') return documentErrors.encrypted(fileName);
    if (err.problem === 'pages') return documentErrors.tooManyPages(fileName, err.pages, limits.maxPages);
    if (err.problem === 'no_text') return documentErrors.noText(fileName);
    return documentErrors.unreadable(fileName, format, err);
  }
  if (isOutOfMemory(err)) return documentErrors.memoryLimit(fileName, limits.memoryMb);
  // Anything else (XML that is not well-formed, a zip whose data contradicts its headers, a reader's
  // own error) is a damaged file.
  return documentErrors.unreadable(fileName, format, err);
}
