import type { Element, ElementContent, Root, RootContent, Text } from 'hast';

/**
 * Marks, in a rendered answer, what its check found (issue 34: the resume assistant's `unsupported`):
 * each listed text on its line becomes a `mark` carrying the reason; and every block (paragraph, list
 * item, heading, table cell) says which line of the answer it starts on (`data-line`), so that a click on
 * it can show where that line comes from. Lines are the answer's (1-based), as the server numbers them:
 * a section of the answer rendered on its own (markdown-sections.ts) gives its first line's number.
 */

export interface LineMark {
  line: number;
  text: string;
  reason: string;
}

export const MARK_ELEMENT = 'mark';
export const LINE_ATTRIBUTE = 'data-line';
export const REASON_ATTRIBUTE = 'data-reason';

const BLOCKS: ReadonlySet<string> = new Set(['p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th']);
/** Code is never marked: what the check reads is the text as it reads, not code. */
const SKIPPED: ReadonlySet<string> = new Set(['code', 'pre', 'a', 'button']);

/**
 * Dashes, quotes and spaces made plain as the server's check reads them, one character for one, so that
 * an offset in the plain text is the same in the text as written.
 */
function plain(text: string): string {
  return text
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, '-')
    .replace(/[\u2018\u2019\u201B\u2032]/g, "'")
    .replace(/[\u00A0\u2000-\u200B\u202F\u205F\u3000\t]/g, ' ');
}

export function rehypeLineMarks(options: { firstLine: number; marks: readonly LineMark[] }) {
  const byLine = new Map<number, LineMark[]>();
  for (const mark of options.marks) byLine.set(mark.line, [...(byLine.get(mark.line) ?? []), mark]);
  const offset = options.firstLine - 1;
  return (tree: Root) => {
    walk(tree, offset, byLine);
  };
}

function walk(node: Root | Element, offset: number, byLine: Map<number, LineMark[]>): void {
  const children: (RootContent | ElementContent)[] = [];
  let changed = false;
  for (const child of node.children) {
    if (child.type === 'element') {
      const line = child.position?.start.line;
      if (BLOCKS.has(child.tagName) && line !== undefined) {
        child.properties = { ...child.properties, dataLine: line + offset };
      }
      if (!SKIPPED.has(child.tagName)) walk(child, offset, byLine);
      children.push(child);
    } else if (child.type === 'text' && child.position && byLine.size > 0) {
      const pieces = markText(child, child.position.start.line + offset, byLine);
      changed ||= pieces.length !== 1 || pieces[0] !== child;
      children.push(...pieces);
    } else {
      children.push(child);
    }
  }
  if (changed) (node as { children: (RootContent | ElementContent)[] }).children = children;
}

/** A text node cut around the listed texts of the lines it spans (each once a line, the first found). */
function markText(node: Text, firstLine: number, byLine: Map<number, LineMark[]>): ElementContent[] {
  const value = node.value;
  const searched = plain(value);
  const found: { start: number; end: number; mark: LineMark }[] = [];
  let lineStart = 0;
  let line = firstLine;
  while (lineStart <= value.length) {
    const newline = value.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? value.length : newline;
    for (const mark of byLine.get(line) ?? []) {
      const at = searched.indexOf(plain(mark.text), lineStart);
      if (at === -1 || at + mark.text.length > lineEnd) continue;
      const end = at + mark.text.length;
      if (found.some((f) => at < f.end && end > f.start)) continue;
      found.push({ start: at, end, mark });
    }
    if (newline === -1) break;
    lineStart = newline + 1;
    line++;
  }
  if (found.length === 0) return [node];
  found.sort((a, b) => a.start - b.start);
  const pieces: ElementContent[] = [];
  let at = 0;
  for (const { start, end, mark } of found) {
    if (start > at) pieces.push({ type: 'text', value: value.slice(at, start) });
    pieces.push({
      type: 'element',
      tagName: MARK_ELEMENT,
      properties: { dataReason: mark.reason, dataMarkLine: mark.line },
      children: [{ type: 'text', value: value.slice(start, end) }],
    });
    at = end;
  }
  if (at < value.length) pieces.push({ type: 'text', value: value.slice(at) });
  return pieces;
}
