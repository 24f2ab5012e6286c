/**
 * A document in parts (issue 32): what a follow-up's question is matched against and what a citation
 * shows. Each part lies within one page (or, for a document without page numbers, is numbered on its
 * own), a few hundred words long, cut along paragraphs, a long table between rows with its header
 * repeated (long-document.ts). Made once when the document is read and saved with the chat
 * (`document_part`); the text the model reads is labelled from the same parts, so that what it cites is
 * what the side panel shows.
 */
import { citationLabel, type DocumentPart } from '#shared/documents';
import { estimateTokens, splitIntoParts } from './long-document.ts';

export type { DocumentPart } from '#shared/documents';

/** About 300 words: small enough to rank passages precisely, large enough to carry their context. */
export const PART_TOKENS = 400;

/**
 * The parts of `text`, page by page when `pageStarts` says where each page begins (offsets into the
 * text), otherwise numbered through. A page without text has no part.
 */
export function splitDocument(text: string, pageStarts?: readonly number[]): DocumentPart[] {
  const parts: DocumentPart[] = [];
  const add = (page: number | null, pageText: string) => {
    for (const piece of splitIntoParts(pageText, PART_TOKENS)) {
      parts.push({ part: parts.length + 1, page, text: piece });
    }
  };
  if (!pageStarts || pageStarts.length === 0) {
    add(null, text);
    return parts;
  }
  for (let i = 0; i < pageStarts.length; i++) {
    add(i + 1, text.slice(pageStarts[i], pageStarts[i + 1] ?? text.length));
  }
  return parts;
}

/**
 * A document's text as its saved parts give it back: what an answer's details are checked against (the
 * resume assistant's, ServerTool.answerDetails), the same when the answer is written and for every later
 * one, and what the chat's `source` shows, so that their line numbers agree.
 */
export function partsText(parts: readonly Pick<DocumentPart, 'text'>[]): string {
  return parts.map((part) => part.text).join('\n\n');
}

/** How a part is named in the model's text and in citations: 'p. 12' or 'part 3'. */
export function partLabel(part: Pick<DocumentPart, 'part' | 'page'>): string {
  return citationLabel(
    part.page === null
      ? { kind: 'part', part: part.part }
      : { kind: 'pages', from: part.page, to: part.page },
  );
}

/**
 * The parts as one text for the model, each page (or unnumbered part) opened by its label in brackets,
 * `[p. 12]` or `[part 3]`; consecutive parts of one page under one label. A gap between the parts
 * given (passages picked from a long document) is marked, so that the model does not read on across it.
 */
export function labelledText(parts: readonly DocumentPart[]): string {
  const out: string[] = [];
  let previous: DocumentPart | null = null;
  for (const part of parts) {
    const samePage = previous !== null && part.page !== null && previous.page === part.page;
    if (previous && part.part !== previous.part + 1) out.push('[…]');
    if (!samePage) out.push(`[${partLabel(part)}]`);
    out.push(part.text);
    previous = part;
  }
  return out.join('\n\n');
}

/** A label as labelledText writes it, alone on its line. */
const LABEL_LINE = /^\[(?:p\. \d+|part \d+)\]$/gm;

/**
 * Consecutive pieces of a labelled text (a long document cut for the model's calls), each that begins
 * inside a page opened again by that page's label, so that a call reading it knows which page it is on.
 */
export function carryLabels(pieces: readonly string[]): string[] {
  let label: string | null = null;
  return pieces.map((piece) => {
    const opensWithLabel = /^\[(?:p\. \d+|part \d+)\]\n/.test(piece);
    const carried = label !== null && !opensWithLabel ? `${label}\n\n${piece}` : piece;
    for (const match of piece.matchAll(LABEL_LINE)) label = match[0];
    return carried;
  });
}

/** What the model is told about the labels of a document's text, and how to cite them. */
export function citationRule(paged: boolean): string {
  return paged
    ? 'The document’s text is marked with its page numbers, as [p. 12] at the start of each page. When you state something from the document, cite the page it is on as (p. 12), or (pp. 12–13) when it spans pages; cite only pages marked in the text, and never invent a page.'
    : 'The document’s text is marked in numbered parts, as [part 3] at the start of each. When you state something from the document, cite the part it is in as (part 3); cite only parts marked in the text.';
}

/**
 * The parts that fit `maxTokens` of a model's prompt, taken best first as `ranked` gives them, then put
 * back in the document's order for `labelledText`.
 */
export function passagesWithin(ranked: readonly DocumentPart[], maxTokens: number): DocumentPart[] {
  const kept: DocumentPart[] = [];
  let used = 0;
  for (const part of ranked) {
    // The label and the blank lines around it, with the gap's mark.
    const cost = estimateTokens(part.text) + 12;
    if (used + cost > maxTokens) continue;
    kept.push(part);
    used += cost;
  }
  return kept.sort((a, b) => a.part - b.part);
}
