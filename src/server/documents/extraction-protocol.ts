import type { DocumentLimits } from './document-limits.ts';
import type { ExtractedDocument } from './read-document.ts';

/** What the server sends the extraction process: one document, by its bytes or its path. */
export interface ChildRequest {
  job: { bytes?: Uint8Array; path?: string; fileName: string; format: string };
  limits: DocumentLimits;
}

interface ChildStats {
  /** Whether the address-space cap could be set (prlimit on Linux). */
  capped: boolean;
  /** Time spent reading the document, in the process. */
  ms: number;
  /** Peak resident memory of the process, in kB. */
  maxRssKb: number;
}

/** The one message the extraction process sends back before it exits. */
export type ChildReply =
  | ({ ok: true; document: ExtractedDocument } & ChildStats)
  | ({ ok: false; code: string; message: string; detail: string } & ChildStats);
