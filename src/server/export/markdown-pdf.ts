import { parseBlocks } from './markdown-blocks.ts';

export interface PdfOptions {
  /** The document's title in its properties (and a viewer's title bar); 'Draftsmith' when blank. */
  title: string;
}

/** Longest title kept in the document's properties. */
const MAX_TITLE = 200;

/**
 * An answer written by the model in Markdown (a resume or a cover letter) as a PDF to download
 * (GET /api/history/:id/export?format=pdf), in a one-column resume template (pdf-template.ts, ADR 0031):
 * the first heading as the name, sections over a rule, lists, bold, italic, code, links, rules and simple
 * tables, in embedded DejaVu fonts so its text can be selected and searched. Characters the fonts lack are
 * dropped or shown as '�' (pdf-text.ts). Never throws on odd Markdown, and its time grows in proportion
 * to the text. pdfkit is loaded on the first call, not when the server starts.
 */
export async function markdownToPdf(markdown: string, options: PdfOptions): Promise<Buffer> {
  const { writePdf } = await import('./pdf-document.ts');
  const title =
    options.title
      .toWellFormed()
      .replace(/[\p{Cc}\p{Cf}]/gu, '')
      .trim()
      .slice(0, MAX_TITLE)
      .toWellFormed() || 'Draftsmith';
  return writePdf(parseBlocks(markdown.replace(/^\ufeff/, '')), title);
}
