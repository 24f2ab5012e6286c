import type { MarkdownWriter } from './markdown-writer.ts';

/** One run of text as pdf.js places it: its string, baseline origin, advance width and font size. */
export interface PlacedText {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

interface Segment {
  x: number;
  text: string;
}

interface Line {
  y: number;
  size: number;
  segments: Segment[];
}

const BULLET = /^[•◦▪‣●○■□‒–—*-]\s+/;
const NUMBERED = /^(\d{1,3})[.)]\s+/;
const MARKER_ONLY = /^(?:[•◦▪‣●○■□‒–—*-]|\d{1,3}[.)])$/;
const LOWER_LETTER = /^[a-zà-ÿ]$/;

/** Groups runs into lines (same baseline, within half a font size), top to bottom, each left to right. */
function linesOf(items: PlacedText[]): Line[] {
  const lines: { y: number; size: number; items: PlacedText[] }[] = [];
  for (const item of items) {
    // pdf.js reports the space between words, and between columns, as items of their own; the gaps
    // between the words themselves say where spaces and columns are.
    if (item.str.trim() === '') continue;
    const line = lines.find((l) => Math.abs(l.y - item.y) <= Math.max(l.size, item.size) * 0.5);
    if (line) {
      line.items.push(item);
      line.size = Math.max(line.size, item.size);
    } else {
      lines.push({ y: item.y, size: item.size, items: [item] });
    }
  }
  lines.sort((a, b) => b.y - a.y);
  return lines.map((line) => {
    const sorted = line.items.sort((a, b) => a.x - b.x);
    const segments: Segment[] = [];
    let end = Number.NEGATIVE_INFINITY;
    for (const item of sorted) {
      const gap = item.x - end;
      const current = segments.at(-1);
      if (!current || gap > line.size * 1.5) {
        // A wide gap: another column (a table cell, or a tab stop).
        segments.push({ x: item.x, text: item.str });
      } else {
        const space = gap > line.size * 0.15 && !current.text.endsWith(' ') && !item.str.startsWith(' ');
        current.text += (space ? ' ' : '') + item.str;
      }
      end = Math.max(end, item.x + item.width);
    }
    const cleaned = segments.map((s) => ({ x: s.x, text: s.text.trim() })).filter((s) => s.text !== '');
    // A list marker set apart by a tab ("1.   Sign the lease") belongs to its item, not to a column.
    const [first, second] = cleaned;
    if (first && second && MARKER_ONLY.test(first.text)) {
      cleaned.splice(0, 2, { x: first.x, text: `${first.text} ${second.text}` });
    }
    return { y: line.y, size: line.size, segments: cleaned };
  });
}

/** The font size most of the page's characters are set in. */
function bodySize(lines: Line[]): number {
  const weight = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.size);
    const chars = line.segments.reduce((n, s) => n + s.text.length, 0);
    weight.set(size, (weight.get(size) ?? 0) + chars);
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, chars] of weight) {
    if (chars > bestWeight) {
      best = size;
      bestWeight = chars;
    }
  }
  return best || 10;
}

/** Rows of a run of lines that each have the same number (two or more) of columns. */
function tableRun(lines: Line[], start: number): Line[] {
  const first = lines[start];
  if (!first || first.segments.length < 2) return [];
  const run = [first];
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.segments.length !== first.segments.length) break;
    run.push(line);
  }
  return run.length >= 2 ? run : [];
}

/** Joins a line to the paragraph text before it, mending a word hyphenated at the line's end. */
export function joinLine(text: string, line: string): string {
  if (text === '') return line;
  // The last two characters only: a regex anchored at the end would scan the whole paragraph each line.
  if (
    text.endsWith('-') &&
    LOWER_LETTER.test(text.charAt(text.length - 2)) &&
    LOWER_LETTER.test(line.charAt(0))
  )
    return text.slice(0, -1) + line;
  return `${text} ${line}`;
}

/**
 * Writes one page's text as Markdown from where pdf.js placed it: lines by baseline; lines of two or
 * more aligned columns in a row become a table; lines starting with a bullet or "1." become list items;
 * lines set clearly larger than the page's body text become headings; other lines join into paragraphs
 * until a gap larger than a line's spacing. Returns the number of characters of text the page held (its
 * segments' trimmed text, so 0 only for a page without any).
 */
export function writePdfPage(items: PlacedText[], writer: MarkdownWriter): number {
  const lines = linesOf(items).filter((l) => l.segments.length > 0);
  const body = bodySize(lines);
  let paragraph = '';
  let list: { ordered: boolean; number?: number; text: string } | null = null;
  let previous: Line | null = null;
  let chars = 0;
  for (const line of lines) for (const segment of line.segments) chars += segment.text.length;

  const flush = () => {
    if (list) writer.listItem({ depth: 0, ordered: list.ordered, number: list.number }, list.text);
    else if (paragraph !== '') writer.paragraph(paragraph);
    paragraph = '';
    list = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const rows = tableRun(lines, i);
    if (rows.length > 0) {
      flush();
      writer.table(rows.map((row) => row.segments.map((s) => s.text)));
      i += rows.length - 1;
      previous = rows.at(-1) ?? null;
      continue;
    }
    const text = line.segments.map((s) => s.text).join(' ');
    const gap = previous ? previous.y - line.y : 0;
    const apart = previous === null || gap > Math.max(line.size, previous.size) * 1.6;
    previous = line;

    if (line.size >= body * 1.25 && text.length <= 120) {
      flush();
      writer.heading(line.size >= body * 1.6 ? 1 : 2, text);
      continue;
    }
    const bullet = BULLET.exec(text);
    const numbered = NUMBERED.exec(text);
    if (bullet || numbered) {
      flush();
      list = bullet
        ? { ordered: false, text: text.slice(bullet[0].length) }
        : { ordered: true, number: Number(numbered![1]), text: text.slice(numbered![0].length) };
      continue;
    }
    if (apart) flush();
    if (list && !apart) list.text = joinLine(list.text, text);
    else paragraph = joinLine(paragraph, text);
  }
  flush();
  return chars;
}
