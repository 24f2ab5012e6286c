/**
 * The stages of a long generation, in their order: reading the document, OCR of its scanned pages, its
 * parts, the final summary; or the drafts after the first of an e-mail asked for in several (`variants`).
 */
export const GENERATION_STAGES = ['extracting', 'ocr', 'summarizing', 'combining', 'drafting'] as const;

/**
 * The SSE `progress` event of a long generation (a document read, its scanned pages read by OCR, then
 * summarized part by part): which stage it is in, how far along, and a line for the screen, e.g.
 * 'Reading page 3 of 12 (scanned)' or 'Summarizing part 3 of 12'.
 */
export interface GenerationProgress {
  stage: (typeof GENERATION_STAGES)[number];
  done: number;
  total: number;
  message: string;
}
