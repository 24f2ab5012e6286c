/** Thrown when the text passes the character limit; the extractor turns it into its 413. */
export class TextLimitReached extends Error {}

export interface ListItem {
  /** 0 for a top-level item. */
  depth: number;
  ordered: boolean;
  /** The item's number in an ordered list (1-based). */
  number?: number;
}

type BlockKind = 'paragraph' | 'list' | 'table';

/** Inline whitespace runs become one space; a tab is kept as a space too (columns are tables' job). */
function inline(text: string): string {
  // Only the runs that change (two or more characters, or a tab or no-break space): matching every single
  // space between words, as `/[ \t\u00a0\f\v]+/g` did, rebuilt every line of a long document.
  return text.replace(/[\t\u00a0\f\v][ \t\u00a0\f\v]*| [ \t\u00a0\f\v]+/g, ' ').trim();
}

/** A cell on one line, with the pipes that would end it escaped. */
function cell(text: string): string {
  return inline(text.replace(/\r?\n/g, ' ')).replaceAll('|', '\\|');
}

/**
 * Builds the Markdown-ish text a model reads: paragraphs apart, headings with `#`, lists as lists
 * (nested by two spaces a level), tables as pipe tables with their first row as the header, so the
 * model sees the document's structure (docs/product.md §5). Stops with TextLimitReached as soon as the
 * text passes `maxChars`, so a huge document never builds a huge string first.
 *
 * It also records where pages begin (`pageBreak()`, told by the readers that know pages) and counts the
 * pipe tables it writes, so a document's text can be cited by page and its tables counted.
 */
export class MarkdownWriter {
  private readonly blocks: string[] = [];
  private chars = 0;
  private last: BlockKind | null = null;
  private lastOrdered: boolean | null = null;
  /** Where each page after the first begins, once a block has been written on it or after it. */
  private readonly breaks: number[] = [];
  /** Pages begun whose first block is still to come. */
  private pendingBreaks = 0;
  private tableCount = 0;
  readonly maxChars: number;

  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  get length(): number {
    return this.chars;
  }

  /** Pipe tables written so far (a one-column "table" is written as paragraphs and not counted). */
  get tables(): number {
    return this.tableCount;
  }

  /** Pages so far: one, plus one per `pageBreak()`. */
  get pages(): number {
    return this.breaks.length + this.pendingBreaks + 1;
  }

  /** Whether any page break was recorded (a reader that finds none leaves the document without pages). */
  get hasPageBreaks(): boolean {
    return this.pages > 1;
  }

  /**
   * The text written next is on a new page. The page begins where its first block's text does (after
   * the blank line that separates it from the block before); a page that gets no block begins where
   * the next one does, or at the end of the text.
   */
  pageBreak() {
    this.pendingBreaks++;
  }

  /** Offsets in `text()` where each page begins: the first is 0, one per page, never decreasing. */
  pageStarts(): number[] {
    return [0, ...this.breaks, ...Array<number>(this.pendingBreaks).fill(this.chars)];
  }

  private push(kind: BlockKind, text: string, together = false) {
    // Items of one list stay together; anything else is a block of its own.
    const separator = this.blocks.length === 0 ? '' : together && this.last === 'list' ? '\n' : '\n\n';
    const start = this.chars + separator.length;
    this.chars += separator.length + text.length;
    if (this.chars > this.maxChars) throw new TextLimitReached();
    for (; this.pendingBreaks > 0; this.pendingBreaks--) this.breaks.push(start);
    this.blocks.push(separator, text);
    this.last = kind;
  }

  paragraph(text: string) {
    const lines = text
      .split(/\r?\n/)
      .map(inline)
      .filter((line) => line !== '');
    if (lines.length > 0) this.push('paragraph', lines.join('\n'));
  }

  heading(level: number, text: string) {
    const line = inline(text.replace(/\r?\n/g, ' '));
    if (line !== '') this.push('paragraph', `${'#'.repeat(Math.min(Math.max(level, 1), 6))} ${line}`);
  }

  listItem(item: ListItem, text: string) {
    const line = inline(text.replace(/\r?\n/g, ' '));
    if (line === '') return;
    const marker = item.ordered ? `${item.number ?? 1}.` : '-';
    // A top-level item of the other kind (bullets after numbers) starts a list of its own.
    const together = item.depth > 0 || this.lastOrdered === item.ordered;
    this.push('list', `${'  '.repeat(Math.max(item.depth, 0))}${marker} ${line}`, together);
    if (item.depth === 0) this.lastOrdered = item.ordered;
  }

  /** Rows of cells; ragged rows are padded; empty rows and columns are dropped. */
  table(rows: string[][]) {
    const cleaned = rows.map((row) => row.map(cell)).filter((row) => row.some((c) => c !== ''));
    if (cleaned.length === 0) return;
    const width = Math.max(...cleaned.map((row) => row.length));
    const keep = [...Array(width).keys()].filter((i) => cleaned.some((row) => (row[i] ?? '') !== ''));
    const grid = cleaned.map((row) => keep.map((i) => row[i] ?? ''));
    if (keep.length === 1) {
      // A one-column "table" is a layout box: its cells read as paragraphs.
      for (const [text] of grid) this.paragraph(text ?? '');
      return;
    }
    const line = (row: string[]) => `| ${row.join(' | ')} |`;
    const [header = [], ...body] = grid;
    const lines = [line(header), line(keep.map(() => '---')), ...body.map(line)];
    this.push('table', lines.join('\n'));
    this.tableCount++;
  }

  text(): string {
    return this.blocks.join('');
  }
}
