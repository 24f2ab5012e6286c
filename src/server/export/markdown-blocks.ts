/**
 * The blocks of the Markdown a model writes in a resume, read line by line: headings, paragraphs, bullet and
 * numbered lists (nested), block quotes, fenced code, rules and pipe tables. Anything else is paragraph
 * text. One pass, no backtracking: every line is looked at a bounded number of times, so odd or hostile
 * input costs time in proportion to its length and never throws.
 */

export type Alignment = 'left' | 'center' | 'right' | null;

export type Block =
  | { kind: 'heading'; level: number; text: string }
  /** Text is inline Markdown; '\n' is a hard line break. `depth` indents a paragraph that continues a list item. */
  | { kind: 'paragraph'; text: string; depth?: number }
  | { kind: 'quote'; text: string }
  /** `list` tells lists apart: a numbered list starts again at `start` with each new `list`. */
  | { kind: 'item'; ordered: boolean; depth: number; list: number; start: number; text: string }
  | { kind: 'code'; lines: string[] }
  | { kind: 'rule' }
  | { kind: 'table'; align: Alignment[]; rows: string[][] };

/** The deepest list nesting kept; deeper items stay at this depth. */
export const MAX_LIST_DEPTH = 2;

const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;

/** Tabs at the start of a line count as four spaces, as in CommonMark's indentation. */
function expandIndent(line: string): string {
  if (!line.startsWith('\t') && !line.startsWith(' \t')) return line;
  const indent = /^[ \t]*/.exec(line)![0];
  return ' '.repeat(indent.replaceAll('\t', '    ').length) + line.slice(indent.length);
}

/** '# Title ##' → level 1, 'Title'; null if the line is no ATX heading. */
function atxHeading(line: string): { level: number; text: string } | null {
  const trimmed = line.trimStart();
  if (line.length - trimmed.length > 3 || !trimmed.startsWith('#')) return null;
  let level = 0;
  while (trimmed[level] === '#') level++;
  const after = trimmed[level];
  if (level > 6 || (after !== undefined && after !== ' ' && after !== '\t')) return null;
  let text = trimmed.slice(level).trim();
  // An optional closing run of '#' after a space ('## Skills ##'); a scan, as /#+$/ backtracks on '###x'.
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t') text = text.slice(0, end).trim();
  return { level, text };
}

/** '---', '* * *', '___': three or more of one of these characters, and spaces. */
function isRule(line: string): boolean {
  const chars = line.replace(/[ \t]/g, '');
  if (chars.length < 3 || line.length - line.trimStart().length > 3) return false;
  const first = chars[0]!;
  return '-*_'.includes(first) && chars === first.repeat(chars.length);
}

/** The cells of a table row: split on pipes that are not escaped, outer pipes dropped. */
export function tableCells(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && text[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (char === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

/** The alignments of a delimiter row ('| :--- | :-: | --: |'), or null if the line is none. */
function delimiterRow(line: string): Alignment[] | null {
  if (!line.includes('-') || !/^[\s|:-]+$/.test(line)) return null;
  const cells = tableCells(line);
  const align: Alignment[] = [];
  for (const cell of cells) {
    if (!/^:?-+:?$/.test(cell)) return null;
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    align.push(left && right ? 'center' : right ? 'right' : left ? 'left' : null);
  }
  return align;
}

/** Reads the blocks of a Markdown text. */
export function parseBlocks(markdown: string): Block[] {
  return new BlockReader(markdown.split(/\r\n?|\n/).map(expandIndent)).read();
}

/** A list item as its lines are read. */
interface ItemInfo {
  ordered: boolean;
  depth: number;
  list: number;
  start: number;
}

/** An item that later items may nest in or follow: its marker's column. */
interface OpenItem {
  indent: number;
  ordered: boolean;
  list: number;
}

/** Where the lines being read go once they end. */
type Pending = { kind: 'paragraph'; depth: number } | { kind: 'item'; item: ItemInfo } | { kind: 'quote' };

class BlockReader {
  private readonly blocks: Block[] = [];
  private readonly lines: string[];
  private i = 0;
  private text: string[] = [];
  private pending: Pending = { kind: 'paragraph', depth: 0 };
  /** The list items open, outermost first: one per depth. */
  private items: OpenItem[] = [];
  private lists = 0;
  private blankBefore = false;

  constructor(lines: string[]) {
    this.lines = lines;
  }

  read(): Block[] {
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      this.i++;
      const blank = line.trim() === '';
      if (blank) this.flush();
      else this.readLine(line);
      this.blankBefore = blank;
    }
    this.flush();
    return this.blocks;
  }

  private readLine(line: string) {
    if (this.pending.kind === 'paragraph' && this.text.length > 0 && SETEXT.test(line)) {
      return this.setextHeading(line);
    }
    const fence = FENCE.exec(line);
    if (fence) return this.startBlock(() => this.codeBlock(fence[1]!));
    const heading = atxHeading(line);
    if (heading) return this.startBlock(() => this.blocks.push({ kind: 'heading', ...heading }));
    if (isRule(line)) return this.startBlock(() => this.blocks.push({ kind: 'rule' }));
    const item = LIST_ITEM.exec(line);
    if (item) return this.listItem(item[1]!.length, item[2]!, line.slice(item[0].length));
    if (line.includes('|')) {
      const align = delimiterRow(this.lines[this.i] ?? '');
      if (align && tableCells(line).length === align.length)
        return this.startBlock(() => this.table(line, align));
    }
    if (line.trimStart().startsWith('>')) return this.quoteLine(line);
    this.textLine(line);
  }

  /** A block outside any list: the text before it ends, and so do open lists. */
  private startBlock(read: () => void) {
    this.flush();
    this.items = [];
    read();
  }

  /** 'Title' over '===' or '---'. */
  private setextHeading(line: string) {
    const text = this.text.join(' ').trim();
    this.text = [];
    this.items = [];
    this.blocks.push({ kind: 'heading', level: line.trim().startsWith('=') ? 1 : 2, text });
  }

  private codeBlock(fence: string) {
    const lines: string[] = [];
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      this.i++;
      const close = FENCE.exec(line);
      if (close && close[1]![0] === fence[0] && close[1]!.length >= fence.length && line.trim() === close[1])
        break;
      lines.push(line);
    }
    this.blocks.push({ kind: 'code', lines });
  }

  private table(header: string, align: Alignment[]) {
    const rows = [tableCells(header)];
    this.i++; // the delimiter row
    while (this.i < this.lines.length) {
      const line = this.lines[this.i]!;
      if (line.trim() === '' || !line.includes('|') || atxHeading(line) || FENCE.test(line)) break;
      const cells = tableCells(line).slice(0, align.length);
      while (cells.length < align.length) cells.push('');
      rows.push(cells);
      this.i++;
    }
    this.blocks.push({ kind: 'table', align, rows });
  }

  /**
   * An item at marker column `indent`: a child of the open item if indented two or more columns past its
   * marker, else a sibling of the item at its column (in the same list if of the same kind).
   */
  private listItem(indent: number, marker: string, text: string) {
    this.flush();
    const ordered = /\d/.test(marker[0]!);
    while (this.items.length > 0 && indent <= this.items.at(-1)!.indent - 2) this.items.pop();
    const top = this.items.at(-1);
    const child = top !== undefined && indent >= top.indent + 2 && this.items.length <= MAX_LIST_DEPTH;
    let list: number;
    if (top === undefined || child) {
      list = ++this.lists;
      this.items.push({ indent, ordered, list });
    } else {
      list = top.ordered === ordered ? top.list : ++this.lists;
      this.items[this.items.length - 1] = { indent, ordered, list };
    }
    const start = ordered ? Number.parseInt(marker, 10) : 1;
    this.text = [text];
    this.pending = { kind: 'item', item: { ordered, depth: this.items.length - 1, list, start } };
  }

  private quoteLine(line: string) {
    const text = line.trimStart().replace(/^>[ \t]?/, '');
    if (this.pending.kind !== 'quote') {
      this.flush();
      this.items = [];
      this.pending = { kind: 'quote' };
    }
    if (text.trim() === '')
      this.flush(); // a blank '>' line: the quote's next paragraph
    else this.text.push(text);
  }

  private textLine(line: string) {
    if (this.text.length > 0 && this.pending.kind !== 'quote') {
      this.text.push(line); // a continuation line, also the unindented ('lazy') one of a list item
      return;
    }
    this.flush();
    const top = this.items.at(-1);
    const indent = line.length - line.trimStart().length;
    if (top && this.blankBefore && indent >= top.indent + 2) {
      this.pending = { kind: 'paragraph', depth: this.items.length }; // a paragraph inside the item
    } else {
      this.items = [];
      this.pending = { kind: 'paragraph', depth: 0 };
    }
    this.text = [line];
  }

  /** Ends the text being read as its block; a quote stays open for its next paragraph. */
  private flush() {
    const { pending } = this;
    const text = joinLines(this.text);
    if (pending.kind === 'item') this.blocks.push({ kind: 'item', ...pending.item, text });
    else if (text === '') {
      // nothing to write
    } else if (pending.kind === 'quote') this.blocks.push({ kind: 'quote', text });
    else if (pending.depth > 0) this.blocks.push({ kind: 'paragraph', text, depth: pending.depth });
    else this.blocks.push({ kind: 'paragraph', text });
    this.text = [];
    if (pending.kind === 'item') this.pending = { kind: 'paragraph', depth: 0 };
  }
}

/** The lines of a paragraph as one text: a line ending in two spaces or a backslash breaks; others join. */
function joinLines(lines: string[]): string {
  let text = '';
  lines.forEach((line, n) => {
    const last = n === lines.length - 1;
    const hardBreak = !last && (line.endsWith('  ') || (line.endsWith('\\') && !line.endsWith('\\\\')));
    const content = hardBreak && line.endsWith('\\') ? line.slice(0, -1) : line;
    text += content.trim() + (last ? '' : hardBreak ? '\n' : ' ');
  });
  return text;
}
