import { parseBlocks } from './markdown-blocks.ts';

export interface DocxOptions {
  /** The document's title in its properties (File → Info in Word); 'Draftsmith' when blank. */
  title: string;
}

/** Longest title kept in the document's properties. */
const MAX_TITLE = 200;

/**
 * An answer written by the model in Markdown (the optimized resume, first of all) as a Word document
 * (.docx) to download (GET /api/history/:id/export?format=docx):
 * headings, paragraphs, bullet and numbered lists, bold, italic, code, links, rules and tables become
 * their Word equivalents, anything else plain text. Never throws on odd Markdown, and its time grows in
 * proportion to the text. The `docx` package (about 100 ms to load) is loaded on the first call, not when
 * the server starts.
 */
export async function markdownToDocx(markdown: string, options: DocxOptions): Promise<Buffer> {
  const { writeDocx } = await import('./docx-document.ts');
  const title = options.title.trim().slice(0, MAX_TITLE) || 'Draftsmith';
  return writeDocx(parseBlocks(markdown.replace(/^\ufeff/, '')), title);
}
