/**
 * Markdown as the plain text a reader sees, for a search result's excerpt: code fences, rules and table
 * borders dropped, headings' `#`, quotes' `>` and list bullets taken off, emphasis and code marks
 * removed, a link or an image left as its text (its URL dropped), lines joined by spaces. It works on
 * pieces of a text too (ts_headline's fragments, cut anywhere): a stray mark is dropped as well. Any
 * other character, such as ts_headline's match markers, is kept where it is.
 */
export function plainText(markdown: string, fragmentDelimiter = ' … '): string {
  return markdown
    .split(fragmentDelimiter)
    .map((fragment) => fragment.split(/\r?\n/).map(plainLine).filter(Boolean).join(' '))
    .filter(Boolean)
    .join(fragmentDelimiter);
}

/** A code fence (with its language), a thematic break, a table's border row. */
const DROPPED_LINE = [/^(`{3,}|~{3,})/, /^([-*_])(\s*\1){2,}$/, /^\|?\s*:?-+:?\s*(\|\s*:?-*:?\s*)*\|?$/];

function plainLine(raw: string): string {
  let line = raw.trim();
  if (DROPPED_LINE.some((pattern) => pattern.test(line))) return '';
  line = line
    .replace(/^(>\s?)+/, '')
    .replace(/^#{1,6}(\s+|$)/, '')
    .replace(/\s+#+$/, '')
    .replace(/^([-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/, '');
  if (line.startsWith('|') || line.endsWith('|')) {
    line = line
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim())
      .filter(Boolean)
      .join(' ');
  }
  return inline(line).replace(/\s+/g, ' ').trim();
}

function inline(text: string): string {
  return (
    text
      // Images and links keep their text; inline, reference and cut-off link targets go.
      .replace(/!\[([^\]]*)\]\([^)]*\)?/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/\]\([^)\s]*\)?/g, '')
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
      // Code spans and emphasis keep their text.
      .replace(/(`+)(.+?)\1/g, '$2')
      .replace(/(\*\*|__|~~)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/(?<![\p{L}\p{N}*])\*(?=\S)(.+?)(?<=\S)\*(?![\p{L}\p{N}*])/gu, '$1')
      .replace(/(?<![\p{L}\p{N}_])_(?=\S)(.+?)(?<=\S)_(?![\p{L}\p{N}_])/gu, '$1')
      // What is left of marks whose other half is outside the fragment.
      .replace(/`+|\*\*+|~~+/g, '')
      .replace(/(?<=\S)\*(?!\S)|(?<!\S)\*(?=\S)/g, '')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1')
  );
}
