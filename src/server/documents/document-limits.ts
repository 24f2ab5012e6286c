import { availableParallelism } from 'node:os';
import type { Config, OcrLanguage } from '#server/config/config';

/** What reading a PDF's scanned pages by OCR may use (ADR 0030). */
export interface OcrLimits {
  /** The languages tesseract reads, each with the folder of its trained data. */
  languages: OcrLanguage[];
  /** Most pages of one PDF read by OCR; 0 turns OCR off. */
  maxPages: number;
  /** Longest OCR may spend on one page before its process is killed. */
  pageTimeoutMs: number;
  /** What tesseract's WebAssembly memory may grow to, in MB. */
  memoryMb: number;
}

/** Everything one extraction may use; each limit has its own message (document-errors.ts). */
export interface DocumentLimits {
  /** Largest file accepted, in bytes. */
  maxBytes: number;
  /** Most pages of a PDF. */
  maxPages: number;
  /** Most characters of extracted text (pasted text's 100,000 do not apply to files). */
  maxChars: number;
  /** Most entries in a .docx or .odt (a zip). */
  zipMaxEntries: number;
  /** Most bytes one zip entry may unpack to. */
  zipMaxEntryBytes: number;
  /** Most bytes all entries together may unpack to (as declared; the entries read are also counted). */
  zipMaxTotalBytes: number;
  /** Longest one extraction may run before its process is killed. */
  timeoutMs: number;
  /** Memory one extraction process may take beyond what it holds once started, in MB. */
  memoryMb: number;
  /** Extraction processes running at once; twice as many jobs may wait. */
  concurrency: number;
  /** OCR of scanned PDF pages; without it OCR is off (a PDF of nothing but scans is refused). */
  ocr?: OcrLimits;
}

export function documentLimits(config: Config): DocumentLimits {
  return {
    maxBytes: config.DOCUMENT_MAX_BYTES,
    maxPages: config.DOCUMENT_MAX_PAGES,
    maxChars: config.DOCUMENT_MAX_CHARS,
    zipMaxEntries: config.DOCUMENT_ZIP_MAX_ENTRIES,
    zipMaxEntryBytes: config.DOCUMENT_ZIP_MAX_ENTRY_BYTES,
    zipMaxTotalBytes: config.DOCUMENT_ZIP_MAX_TOTAL_BYTES,
    timeoutMs: config.DOCUMENT_EXTRACTION_TIMEOUT_MS,
    memoryMb: config.DOCUMENT_EXTRACTION_MEMORY_MB,
    // Each extraction is a busy process: never more of them than cores (ADR 0016).
    concurrency: Math.min(config.DOCUMENT_EXTRACTION_CONCURRENCY ?? 2, availableParallelism()),
    ocr: {
      languages: config.OCR_LANGUAGES,
      maxPages: config.OCR_MAX_PAGES,
      pageTimeoutMs: config.OCR_PAGE_TIMEOUT_MS,
      memoryMb: config.OCR_MEMORY_MB,
    },
  };
}
