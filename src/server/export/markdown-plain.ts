import type { Block } from './markdown-blocks.ts';
import { parseInline } from './markdown-inline.ts';

/** Inline Markdown without its formatting. */
export function inlineText(markdown: string): string {
  return parseInline(markdown)
    .map((span) => span.text)
    .join('');
}

/**
 * The lines of text a block holds, without formatting: what the .docx and the PDF write as plain
 * paragraphs past their budget of elements for an absurdly long answer.
 */
export function plainLines(block: Block): string[] {
  switch (block.kind) {
    case 'item':
      return [`${block.ordered ? '–' : '•'} ${inlineText(block.text)}`];
    case 'code':
      return block.lines;
    case 'table':
      return block.rows.map((row) => row.map(inlineText).join(' | '));
    case 'rule':
      return [];
    default:
      return [inlineText(block.text)];
  }
}

/** About how long each plain paragraph of an absurdly long answer is, in characters. */
const PLAIN_CHUNK = 4_000;

/**
 * Blocks as plain paragraphs of about PLAIN_CHUNK characters each (their lines joined by spaces): what
 * the .docx and the PDF write past their budget of elements, a handful of paragraphs for any length.
 */
export function plainParagraphs(blocks: readonly Block[]): string[] {
  const paragraphs: string[] = [];
  let chunk = '';
  const flush = () => {
    if (chunk.trim() !== '') paragraphs.push(chunk);
    chunk = '';
  };
  for (const block of blocks) {
    for (const line of plainLines(block)) {
      chunk = chunk === '' ? line : `${chunk} ${line}`;
      if (chunk.length >= PLAIN_CHUNK) flush();
    }
  }
  flush();
  return paragraphs;
}
