import type { MarkdownWriter } from './markdown-writer.ts';
import { MC_NAMESPACE, type ParagraphStyle, W_NAMESPACES } from './ooxml-parts.ts';
import type { XmlElement, XmlHandler } from './xml-stream.ts';

interface Paragraph {
  kind: 'p';
  parts: string[];
  style?: string;
  numId?: string;
  ilvl?: number;
  outlineLevel?: number;
}

interface Table {
  kind: 'tbl';
  rows: string[][];
  row: string[] | null;
  cell: string[] | null;
}

/** Elements whose text is not the document's: deleted revisions, field codes, fallback copies. */
const SKIPPED = new Set(['del', 'delText', 'instrText', 'moveFrom', 'footnoteReference', 'endnoteReference']);

/** Table rows flattened into one cell of an outer table. */
function flatten(rows: string[][]): string {
  return rows.map((row) => row.filter((c) => c.trim() !== '').join(' · ')).join('; ');
}

/**
 * Walks word/document.xml as SAX events and writes Markdown: paragraphs, headings (by style name or
 * outline level), list items (numbered or bulleted per numbering.xml, nested by level) and tables
 * (nested tables flattened into their cell). Text boxes join the paragraph that holds them; deleted
 * revisions, field codes and the fallback copy of alternate content are skipped, so nothing is read
 * twice.
 *
 * Pages: where Word last laid the document out it left `w:lastRenderedPageBreak`, and an author's page
 * break is `<w:br w:type="page"/>` (a rendered break right after it, with no text between, is the same
 * break). A block belongs to the page it starts on: a break before any text of a top-level paragraph
 * starts the page with that paragraph; one inside a paragraph's text, a table or a text box starts it
 * with the next block.
 */
export class DocxBody implements XmlHandler {
  private readonly writer: MarkdownWriter;
  private readonly styles: Map<string, ParagraphStyle>;
  private readonly numbering: Map<string, Map<number, boolean>>;
  private readonly stack: (Paragraph | Table)[] = [];
  private skipDepth = 0;
  private runDepth = 0;
  private inText = false;
  private readonly counters = new Map<string, number[]>();
  /** Page breaks met inside the current top-level block, written once it is. */
  private breaksAfterBlock = 0;
  /** Characters of text read so far, and their count at the last hard page break. */
  private textRead = 0;
  private hardBreakAt = -1;

  constructor(
    writer: MarkdownWriter,
    styles: Map<string, ParagraphStyle>,
    numbering: Map<string, Map<number, boolean>>,
  ) {
    this.writer = writer;
    this.styles = styles;
    this.numbering = numbering;
  }

  private paragraph(): Paragraph | undefined {
    const top = this.stack.at(-1);
    return top?.kind === 'p' ? top : undefined;
  }

  private append(text: string) {
    if (this.runDepth > 0) this.paragraph()?.parts.push(text);
  }

  open(element: XmlElement) {
    if (this.skipDepth > 0) {
      this.skipDepth++;
      return;
    }
    if (element.uri === MC_NAMESPACE && element.local === 'Fallback') {
      this.skipDepth = 1;
      return;
    }
    if (!W_NAMESPACES.has(element.uri)) return;
    if (SKIPPED.has(element.local)) {
      this.skipDepth = 1;
      return;
    }
    const value = element.attr('val');
    const paragraph = this.paragraph();
    switch (element.local) {
      case 'p':
        this.stack.push({ kind: 'p', parts: [] });
        break;
      case 'pStyle':
        if (paragraph && value) paragraph.style = value;
        break;
      case 'numId':
        if (paragraph && value) paragraph.numId = value;
        break;
      case 'ilvl':
        if (paragraph) paragraph.ilvl = Number(value ?? 0);
        break;
      case 'outlineLvl':
        if (paragraph) paragraph.outlineLevel = Number(value ?? 9);
        break;
      case 'r':
        this.runDepth++;
        break;
      case 't':
        this.inText = true;
        break;
      case 'tab':
        this.append('\t');
        break;
      case 'br':
        if (element.attr('type') === 'page') this.pageBreak(true);
        this.append('\n');
        break;
      case 'lastRenderedPageBreak':
        this.pageBreak(false);
        break;
      case 'cr':
        this.append('\n');
        break;
      case 'noBreakHyphen':
        this.append('-');
        break;
      case 'tbl':
        this.stack.push({ kind: 'tbl', rows: [], row: null, cell: null });
        break;
      case 'tr': {
        const table = this.stack.at(-1);
        if (table?.kind === 'tbl') table.row = [];
        break;
      }
      case 'tc': {
        const table = this.stack.at(-1);
        if (table?.kind === 'tbl') table.cell = [];
        break;
      }
    }
  }

  close(uri: string, local: string) {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    if (!W_NAMESPACES.has(uri)) return;
    switch (local) {
      case 't':
        this.inText = false;
        break;
      case 'r':
        this.runDepth = Math.max(0, this.runDepth - 1);
        break;
      case 'p': {
        const paragraph = this.stack.at(-1);
        if (paragraph?.kind !== 'p') return;
        this.stack.pop();
        this.endParagraph(paragraph);
        this.writeBreaksAfterBlock();
        break;
      }
      case 'tc': {
        const table = this.stack.at(-1);
        if (table?.kind === 'tbl' && table.cell && table.row) table.row.push(table.cell.join('\n'));
        if (table?.kind === 'tbl') table.cell = null;
        break;
      }
      case 'tr': {
        const table = this.stack.at(-1);
        if (table?.kind === 'tbl' && table.row) table.rows.push(table.row);
        if (table?.kind === 'tbl') table.row = null;
        break;
      }
      case 'tbl': {
        const table = this.stack.at(-1);
        if (table?.kind !== 'tbl') return;
        this.stack.pop();
        const outer = this.stack.at(-1);
        if (outer?.kind === 'tbl' && outer.cell) outer.cell.push(flatten(table.rows));
        else if (outer?.kind === 'p') outer.parts.push(` ${flatten(table.rows)} `);
        else this.writer.table(table.rows);
        this.writeBreaksAfterBlock();
        break;
      }
    }
  }

  text(text: string) {
    if (this.inText && this.skipDepth === 0) {
      const paragraph = this.paragraph();
      paragraph?.parts.push(text);
      if (paragraph && text.trim() !== '') this.textRead += text.length;
    }
  }

  /** A page break here (`hard`: the author's), told to the writer where its page's first block starts. */
  private pageBreak(hard: boolean) {
    if (this.runDepth === 0) return;
    if (!hard && this.hardBreakAt === this.textRead) {
      this.hardBreakAt = -1; // Word's rendered mark of the author's break just before
      return;
    }
    if (hard) this.hardBreakAt = this.textRead;
    const [first, ...nested] = this.stack;
    const atStart = first?.kind === 'p' && nested.length === 0 && first.parts.join('').trim() === '';
    if (atStart) this.writer.pageBreak();
    else this.breaksAfterBlock++;
  }

  /** Once the top-level block has been written: the page breaks met inside it. */
  private writeBreaksAfterBlock() {
    if (this.stack.length > 0) return;
    for (; this.breaksAfterBlock > 0; this.breaksAfterBlock--) this.writer.pageBreak();
  }

  private endParagraph(paragraph: Paragraph) {
    const text = paragraph.parts.join('');
    const outer = this.stack.at(-1);
    if (outer?.kind === 'tbl') {
      outer.cell?.push(text);
      return;
    }
    if (outer?.kind === 'p') {
      // A text box inside a paragraph: its words join the paragraph that anchors it.
      outer.parts.push(` ${text} `);
      return;
    }
    if (text.trim() === '') return;
    const heading = this.headingLevel(paragraph);
    if (heading !== null) {
      this.writer.heading(heading, text);
      return;
    }
    const list = this.listOf(paragraph);
    if (list) {
      this.writer.listItem(list, text);
      return;
    }
    this.writer.paragraph(text);
  }

  /** The style and its ancestors, nearest first (at most 10: styles can be made to loop). */
  private styleChain(id: string | undefined): ParagraphStyle[] {
    const chain: ParagraphStyle[] = [];
    let current = id;
    while (current && chain.length < 10) {
      const style = this.styles.get(current);
      if (!style) break;
      chain.push(style);
      current = style.basedOn;
    }
    return chain;
  }

  private headingLevel(paragraph: Paragraph): number | null {
    if (paragraph.outlineLevel !== undefined && paragraph.outlineLevel < 6) return paragraph.outlineLevel + 1;
    for (const style of this.styleChain(paragraph.style)) {
      const name = style.name.toLowerCase();
      const match = /^heading\s*([1-9])$/.exec(name);
      if (match) return Number(match[1]);
      if (name === 'title') return 1;
      if (style.outlineLevel !== undefined && style.outlineLevel < 6) return style.outlineLevel + 1;
    }
    if (paragraph.style) {
      const byId = /^heading([1-9])$/i.exec(paragraph.style);
      if (byId) return Number(byId[1]);
    }
    return null;
  }

  private listOf(paragraph: Paragraph) {
    let numId = paragraph.numId;
    let level = paragraph.ilvl;
    for (const style of this.styleChain(paragraph.style)) {
      numId ??= style.numId;
      level ??= style.ilvl;
    }
    if (!numId || numId === '0') return null;
    const depth = Math.min(Math.max(level ?? 0, 0), 8);
    const ordered = this.numbering.get(numId)?.get(depth) ?? false;
    const counts = this.counters.get(numId) ?? [];
    counts[depth] = (counts[depth] ?? 0) + 1;
    counts.length = depth + 1; // deeper levels start again
    this.counters.set(numId, counts);
    return { depth, ordered, number: counts[depth] };
  }
}
