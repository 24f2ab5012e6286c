/**
 * Citations of a document in an answer about it (issue 32): pages as '(p. 12)' or '(pp. 12–13)', parts
 * of a document without page numbers as '(part 3)', several in one parenthesis ('(p. 3; p. 7)',
 * '(pp. 3, 7)', '(p. 4, pp. 9–10)'). A parenthesis is read as citations only when it holds nothing
 * else, so prose such as '(see page 12)' or '(2019)' stays text.
 */

import type { Citation } from '#shared/documents';

export type { Citation } from '#shared/documents';
export { citationLabel } from '#shared/documents';

/** A piece of text: as it is, or a citation as the answer wrote it ('p. 12', or '7' in '(pp. 3, 7)'). */
export type CitationPiece = string | { text: string; citation: Citation };

const SPACE = '[\\s\\u00a0\\u202f]*';
/** One reference: an optional 'p.', 'pp.', 'part' or 'parts', a number, and an optional range's end. */
const ITEM = new RegExp(
  `^(?:(pp?\\.|parts?(?![a-z]))${SPACE})?(\\d{1,5})(?:${SPACE}[–—-]${SPACE}(\\d{1,5}))?`,
  'i',
);
/** Between references: ';', ',', 'and' or '&'. */
const SEPARATOR = new RegExp(`^${SPACE}(?:[;,&]|and(?![a-z]))${SPACE}`, 'i');
/** A parenthesis on one line with nothing nested in it. */
const PARENTHESIS = /\(([^()\n]{1,200})\)/g;

interface Found {
  start: number;
  end: number;
  citation: Citation;
}

/**
 * The references of a parenthesis' inside, with their places in it, or null when it holds anything but
 * references (a number without a 'p.' or 'part' before it continues the previous one's kind).
 */
function referencesIn(inside: string): Found[] | null {
  const found: Found[] = [];
  const end = inside.trimEnd().length;
  let at = inside.length - inside.trimStart().length;
  let kind: Citation['kind'] | null = null;
  while (at < end) {
    if (found.length > 0) {
      const separator = SEPARATOR.exec(inside.slice(at));
      if (!separator) return null;
      at += separator[0].length;
    }
    const item = ITEM.exec(inside.slice(at, end));
    if (!item) return null;
    const [text, prefix, first = '', last] = item;
    if (prefix) kind = prefix.toLowerCase().startsWith('part') ? 'part' : 'pages';
    if (kind === null) return null;
    const from = Number(first);
    const to = last === undefined ? from : Number(last);
    if (from < 1 || to < from) return null;
    if (kind === 'part' && to !== from) return null;
    const citation: Citation = kind === 'part' ? { kind, part: from } : { kind, from, to };
    found.push({ start: at, end: at + text.length, citation });
    at += text.length;
  }
  return found.length > 0 ? found : null;
}

/** A text cut into plain pieces and citations, in order; a text without citations is one piece. */
export function splitCitations(text: string): CitationPiece[] {
  const pieces: CitationPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(PARENTHESIS)) {
    const references = referencesIn(match[1] ?? '');
    if (!references) continue;
    const inside = match.index + 1;
    for (const { start, end, citation } of references) {
      if (inside + start > last) pieces.push(text.slice(last, inside + start));
      pieces.push({ text: text.slice(inside + start, inside + end), citation });
      last = inside + end;
    }
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces.length > 0 ? pieces : [text];
}

/** How the passage is asked for: 'pages=12', 'pages=12-13' or 'part=3' (GET …/document/passage?…). */
export function citationQuery(citation: Citation): string {
  if (citation.kind === 'part') return `part=${citation.part}`;
  return citation.from === citation.to ? `pages=${citation.from}` : `pages=${citation.from}-${citation.to}`;
}

/** The citation of a query citationQuery wrote, or null for anything else. */
export function citationFromQuery(query: unknown): Citation | null {
  if (typeof query !== 'string') return null;
  const part = /^part=(\d{1,5})$/.exec(query);
  if (part) return Number(part[1]) >= 1 ? { kind: 'part', part: Number(part[1]) } : null;
  const pages = /^pages=(\d{1,5})(?:-(\d{1,5}))?$/.exec(query);
  if (!pages) return null;
  const from = Number(pages[1]);
  const to = pages[2] === undefined ? from : Number(pages[2]);
  return from >= 1 && to >= from ? { kind: 'pages', from, to } : null;
}
