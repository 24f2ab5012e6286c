import type { OcrLanguage } from '#server/config/config';
import type { DocumentLimits } from './document-limits.ts';
import type { ExtractedDocument } from './read-document.ts';

/** What the server sends an extraction process: one document to read, by its bytes or its path. */
export interface ExtractionRequest {
  kind: 'extract';
  job: { bytes?: Uint8Array; path?: string; fileName: string; format: string };
  limits: DocumentLimits;
}

/** Or a PDF's scanned pages to read by OCR, in this order (the process is started for 'ocr'). */
export interface OcrRequest {
  kind: 'ocr';
  bytes: Uint8Array;
  pages: number[];
  languages: OcrLanguage[];
  /** What tesseract's memory may grow to, in MB: the images given to it are shrunk to fit. */
  ocrMemoryMb: number;
}

export type ChildRequest = ExtractionRequest | OcrRequest;

interface ChildStats {
  /** Whether the address-space cap could be set (prlimit on Linux). */
  capped: boolean;
  /** Time spent reading the document, in the process. */
  ms: number;
  /** Peak resident memory of the process, in kB. */
  maxRssKb: number;
}

/** The one message an extraction process sends back before it exits. */
export type ChildReply =
  | ({ ok: true; document: ExtractedDocument } & ChildStats)
  | ({ ok: false; code: string; message: string; detail: string } & ChildStats);

/** Why OCR could not read a page (the listed reasons of `readScannedPages`). */
export type UnreadableReason = 'limit' | 'timeout' | 'memory' | 'image' | 'failed' | 'no_text';

/**
 * What an OCR process sends, in this order: `ready` once tesseract has started and the address space
 * is capped (or `failed` if it could not start), then one `page` a page as each is done, then `done`
 * with its figures. A process that stops early (tesseract ran out of memory on a page, which leaves it
 * unusable) sends that page and ends; the server starts another for the pages left.
 */
export type OcrMessage =
  | { kind: 'ready'; capped: boolean; startMs: number }
  | { kind: 'failed'; capped: boolean; detail: string }
  | { kind: 'page'; page: number; text: string; ms: number }
  | {
      kind: 'page';
      page: number;
      unreadable: Exclude<UnreadableReason, 'limit' | 'timeout'>;
      detail?: string;
      ms: number;
    }
  | { kind: 'done'; maxRssKb: number };
