import { joinLine } from './pdf-layout.ts';

/**
 * Characters of OCR text kept from one page. A dense A4 page is about 5,000; this is room for small
 * print on a large scan, and a bound on what a page of noise can add to a document.
 */
export const OCR_PAGE_MAX_CHARS = 30_000;

/**
 * Tesseract's text of a page as the document's other text reads: its blocks (blank-line separated) as
 * paragraphs, each block's lines joined into one (a word hyphenated at a line's end mended, as in a
 * PDF's text), inline whitespace collapsed, a blank line between paragraphs; cut at a word boundary
 * past OCR_PAGE_MAX_CHARS. Empty when the page gave no text.
 */
export function ocrParagraphs(text: string): string {
  const paragraphs: string[] = [];
  let length = 0;
  for (const block of text.split(/\n\s*\n/)) {
    let paragraph = '';
    for (const line of block.split('\n')) {
      const cleaned = line.replace(/\s+/g, ' ').trim();
      if (cleaned !== '') paragraph = joinLine(paragraph, cleaned);
    }
    if (paragraph === '') continue;
    const room = OCR_PAGE_MAX_CHARS - length - (paragraphs.length > 0 ? 2 : 0);
    if (paragraph.length > room) {
      const cut = paragraph.slice(0, Math.max(room, 0)).replace(/\s+\S*$/, '');
      if (cut !== '') paragraphs.push(cut);
      break;
    }
    paragraphs.push(paragraph);
    length += paragraph.length + (paragraphs.length > 1 ? 2 : 0);
  }
  return paragraphs.join('\n\n');
}
