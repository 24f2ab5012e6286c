import PDFDocument from 'pdfkit';
import type { Block } from './markdown-blocks.ts';
import { isSafeUrl, parseInline, type Span } from './markdown-inline.ts';
import { plainParagraphs } from './markdown-plain.ts';
import { type Face, FONT_FILES, faceOf } from './pdf-fonts.ts';
import { type TablePage, writeTable } from './pdf-table.ts';
import {
  BULLETS,
  CELL_PADDING,
  COLORS,
  FOOTER_FROM_BOTTOM,
  ITEM_GAP,
  LINE_GAP,
  LIST_INDENT,
  MARGIN,
  NAME,
  PAGE_SIZE,
  PARAGRAPH_GAP,
  SECTION,
  SMALL_SIZE,
  SUBHEADINGS,
  TEXT_SIZE,
} from './pdf-template.ts';
import { coverageOf, PrintableText, runningText } from './pdf-text.ts';

/**
 * Markdown blocks (markdown-blocks.ts) as a PDF, with pdfkit, in the template of pdf-template.ts.
 *
 * pdfkit lays text out word by word as it is written and keeps the pages until the end (for the page
 * numbers). Its costs are kept in proportion to the text: past MAX_DRAWS calls
 * the rest of an absurdly long answer is written as plain paragraphs of about 4,000 characters (plainParagraphs); a
 * block's inline formatting past MAX_SPANS runs is dropped; code lines are cut at the box's width here and
 * long words made breakable in pdf-text.ts. A resume uses a few hundred calls.
 */
const MAX_DRAWS = 10_000;
const MAX_SPANS = 500;
/** A wider "table" is written as lines of text: its columns would be too narrow to read. */
const MAX_TABLE_COLUMNS = 8;

type Doc = PDFKit.PDFDocument;

interface TextStyle {
  size: number;
  color: string;
  bold?: boolean;
  italic?: boolean;
}

/** A run of text in one face, as pdfkit writes it. */
interface Fragment {
  face: Face;
  text: string;
  link?: string;
  strike?: boolean;
}

const BODY: TextStyle = { size: TEXT_SIZE, color: COLORS.text };

class PdfWriter implements TablePage {
  readonly doc: Doc;
  readonly width: number;
  private readonly printables = new Map<Face, PrintableText>();
  /** The next number of each numbered list, by the list's id. */
  private readonly numbers = new Map<number, number>();
  private draws = 0;
  /** The index of the page being written (pages are kept until the end). */
  private page = 0;
  /** The previous block's kind, or 'name' for the first '#' heading. */
  private previous: Block['kind'] | 'name' | undefined;
  private named = false;

  constructor(title: string) {
    // Faces are always chosen by their file's path, the key of pdfkit's font cache: one chosen under a
    // second name (registerFont) is read and parsed again each time, which made a resume 5–10 times
    // slower. Starting on the regular face keeps pdfkit's Helvetica, which is not embedded, out of the file.
    this.doc = new PDFDocument({
      size: PAGE_SIZE,
      margin: MARGIN,
      bufferPages: true,
      font: FONT_FILES.regular,
      pdfVersion: '1.7',
      displayTitle: true,
      info: { Title: title, Creator: 'Draftsmith', Producer: 'Draftsmith' },
    });
    this.doc.on('pageAdded', () => this.page++);
    this.width = this.doc.page.width - 2 * MARGIN;
  }

  count(draws: number) {
    this.draws += draws;
  }

  add(blocks: readonly Block[]) {
    let i = 0;
    for (; i < blocks.length && this.draws < MAX_DRAWS; i++) this.block(blocks[i]!);
    if (i < blocks.length) this.plain(blocks.slice(i));
  }

  /** The file, with page numbers in the footer when there is more than one page. */
  finish(): Promise<Buffer> {
    const { doc } = this;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
      this.pageNumbers();
      doc.end();
    });
  }

  private block(block: Block) {
    this.space(this.gapBefore(block));
    switch (block.kind) {
      case 'heading':
        this.heading(block.level, block.text);
        break;
      case 'paragraph': {
        const style = this.previous === 'name' ? { size: TEXT_SIZE, color: COLORS.muted } : BODY;
        const indent = LIST_INDENT * (block.depth ?? 0);
        this.write(block.text, style, MARGIN + indent, this.width - indent);
        break;
      }
      case 'quote':
        this.quote(block.text);
        break;
      case 'item':
        this.item(block);
        break;
      case 'code':
        this.code(block.lines);
        break;
      case 'rule':
        this.ensureRoom(8);
        this.line(this.doc.y + 3.5, COLORS.rule);
        this.doc.y += 7;
        this.draws++;
        break;
      case 'table':
        if (
          block.align.length > MAX_TABLE_COLUMNS ||
          this.draws + block.align.length * block.rows.length > MAX_DRAWS
        ) {
          this.plain([block]);
        } else writeTable(this, block);
        break;
    }
    if (block.kind !== 'heading') this.previous = block.kind; // a heading says whether it was the name
  }

  private gapBefore(block: Block): number {
    const previous = this.previous;
    if (previous === undefined) return 0;
    if (block.kind === 'heading') return this.headingStyle(block.level).gapBefore;
    if (previous === 'heading' || previous === 'name') return 0;
    if (block.kind === 'item' && previous === 'item') return ITEM_GAP;
    return PARAGRAPH_GAP;
  }

  /** Space before a block, unless it starts a page. */
  private space(gap: number) {
    if (this.doc.y > this.doc.page.margins.top) this.doc.y += gap;
  }

  /** A new page unless `height` fits on this one (or this one is still empty). */
  private ensureRoom(height: number) {
    const { doc } = this;
    if (doc.y + height > doc.page.maxY() && doc.y > doc.page.margins.top) doc.addPage();
  }

  private headingStyle(level: number) {
    if (level === 1 && !this.named) return NAME;
    if (level <= 2) return SECTION;
    return SUBHEADINGS[Math.min(level - 3, SUBHEADINGS.length - 1)]!;
  }

  /** The first '#' heading is the name, in large type; other '#' and '##' are sections, over a rule. */
  private heading(level: number, text: string) {
    const name = level === 1 && !this.named;
    const style = this.headingStyle(level);
    const section = !name && level <= 2;
    // Kept with the two lines after it.
    this.ensureRoom(style.size * 1.3 + 2 * (TEXT_SIZE * 1.2 + LINE_GAP));
    const color = name ? COLORS.name : section ? COLORS.section : COLORS.text;
    this.write(text, { size: style.size, color, bold: true }, MARGIN, this.width);
    if (section) {
      this.line(this.doc.y + SECTION.ruleGap - LINE_GAP, COLORS.rule);
      this.doc.y += SECTION.ruleGap;
    }
    this.doc.y += style.gapAfter;
    if (name) this.named = true;
    this.previous = name ? 'name' : 'heading';
  }

  private item(block: Extract<Block, { kind: 'item' }>) {
    const { doc } = this;
    const textX = MARGIN + LIST_INDENT * (block.depth + 1);
    let marker: string = BULLETS[block.depth % BULLETS.length]!;
    if (block.ordered) {
      const number = this.numbers.get(block.list) ?? block.start;
      this.numbers.set(block.list, number + 1);
      marker = `${number}.`;
    }
    doc.font(FONT_FILES.regular).fontSize(TEXT_SIZE);
    this.ensureRoom(doc.currentLineHeight(true) + LINE_GAP);
    const y = doc.y;
    const markerX = Math.max(4, textX - 4 - doc.widthOfString(marker));
    doc.fillColor(COLORS.muted).text(marker, markerX, y, { lineBreak: false });
    doc.y = y;
    if (!this.write(block.text, BODY, textX, MARGIN + this.width - textX)) {
      doc.y = y + doc.currentLineHeight(true) + LINE_GAP;
    }
    this.draws++;
  }

  /** A quote: italic and muted, set in, with a bar at its left on each page it reaches. */
  private quote(text: string) {
    const { doc } = this;
    const startPage = this.page;
    const startY = doc.y;
    const style = { size: TEXT_SIZE, color: COLORS.muted, italic: true };
    if (!this.write(text, style, MARGIN + 12, this.width - 12)) return;
    const endPage = this.page;
    const endY = doc.y - LINE_GAP;
    for (let page = startPage; page <= endPage; page++) {
      doc.switchToPage(page);
      const from = page === startPage ? startY : doc.page.margins.top;
      const to = page === endPage ? endY : doc.page.maxY();
      doc
        .moveTo(MARGIN + 3, from)
        .lineTo(MARGIN + 3, to)
        .lineWidth(2)
        .strokeColor(COLORS.rule)
        .stroke();
    }
    doc.switchToPage(endPage);
  }

  /** Code in a shaded box, its lines cut at the box's width (the face is monospaced). */
  private code(lines: string[]) {
    const { doc } = this;
    doc.font(FONT_FILES.mono).fontSize(SMALL_SIZE);
    const lineHeight = doc.currentLineHeight(true) + 1;
    const perLine = Math.max(1, Math.floor((this.width - 2 * CELL_PADDING.x) / doc.widthOfString('M')));
    const rows = lines.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / perLine)), 0);
    if (this.draws + rows > MAX_DRAWS) return this.plain([{ kind: 'code', lines }]);
    const shade = (height: number) => {
      this.ensureRoom(height);
      doc.rect(MARGIN, doc.y, this.width, height).fill(COLORS.shade);
    };
    shade(CELL_PADDING.y);
    doc.y += CELL_PADDING.y;
    for (const line of lines) {
      const chars = Array.from(
        this.printable('mono').of(line.replaceAll('\t', '    ').replace(/[\r\n]/g, '')),
      );
      for (let i = 0; i === 0 || i < chars.length; i += perLine) {
        shade(lineHeight);
        const y = doc.y;
        const chunk = chars.slice(i, i + perLine).join('');
        if (chunk !== '') {
          doc.fillColor(COLORS.text).text(chunk, MARGIN + CELL_PADDING.x, y + 1, { lineBreak: false });
        }
        doc.y = y + lineHeight;
        this.draws++;
      }
    }
    shade(CELL_PADDING.y);
    doc.y += CELL_PADDING.y;
    doc.x = MARGIN;
  }

  line(y: number, color: string, width = 0.75) {
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(width)
      .strokeColor(color)
      .stroke();
  }

  /** What the face can draw (pdf-text.ts), each character looked up once per face. */
  private printable(face: Face): PrintableText {
    let printable = this.printables.get(face);
    if (!printable) {
      this.doc.font(FONT_FILES[face]);
      printable = new PrintableText(coverageOf(this.doc));
      this.printables.set(face, printable);
    }
    return printable;
  }

  text(face: Face, text: string): string {
    return runningText(this.printable(face), face, text);
  }

  /**
   * The runs of a block's inline Markdown. A link to a web or mail address is clickable and blue; any
   * other address ('javascript:', a relative path) is not linked but written after its text.
   */
  private fragments(markdown: string, style: TextStyle): Fragment[][] {
    let spans = parseInline(markdown);
    if (spans.length > MAX_SPANS) spans = [{ text: spans.map((span) => span.text).join(' ') }];
    const lines: Fragment[][] = [[]];
    const push = (span: Span, link?: string) => {
      const face = span.code
        ? 'mono'
        : faceOf(span.bold === true || style.bold === true, span.italic === true || style.italic === true);
      const text = this.text(face, span.text);
      if (span.break) lines.push([]);
      if (text === '') return;
      const fragment: Fragment = { face, text };
      if (link) fragment.link = link;
      if (span.strike) fragment.strike = true;
      lines.at(-1)!.push(fragment);
    };
    for (let i = 0; i < spans.length; ) {
      const link = spans[i]!.link;
      let end = i + 1;
      while (link !== undefined && end < spans.length && spans[end]!.link === link) end++;
      const group = spans.slice(i, end);
      const safe = link !== undefined && isSafeUrl(link);
      for (const span of group) push(span, safe ? link : undefined);
      if (link && !safe && link !== group.map((span) => span.text).join('')) push({ text: ` (${link})` });
      i = end;
    }
    return lines.filter((line) => line.length > 0);
  }

  /**
   * Inline Markdown from (x, the current y), wrapped at `width` and flowing onto new pages; each hard line
   * break starts a line of its own. False if there was nothing to write.
   */
  private write(markdown: string, style: TextStyle, x: number, width: number): boolean {
    const { doc } = this;
    const lines = this.fragments(markdown, style);
    doc.fontSize(style.size);
    for (const fragments of lines) {
      fragments.forEach((fragment, i) => {
        doc.font(FONT_FILES[fragment.face]).fillColor(fragment.link ? COLORS.link : style.color);
        const options: PDFKit.Mixins.TextOptions = {
          width,
          lineGap: LINE_GAP,
          continued: i < fragments.length - 1,
          link: fragment.link ?? null,
          underline: fragment.link !== undefined,
          strike: fragment.strike === true,
        };
        if (i === 0) doc.text(fragment.text, x, doc.y, options);
        else doc.text(fragment.text, options);
      });
      this.draws += fragments.length;
    }
    doc.x = MARGIN;
    return lines.length > 0;
  }

  /** Blocks as plain paragraphs (plainParagraphs): a few calls for any length. */
  private plain(blocks: readonly Block[]) {
    for (const paragraph of plainParagraphs(blocks)) this.writePlain(paragraph);
  }

  writePlain(text: string) {
    const { doc } = this;
    this.space(PARAGRAPH_GAP);
    doc.font(FONT_FILES.regular).fontSize(TEXT_SIZE).fillColor(COLORS.text);
    doc.text(this.text('regular', text), MARGIN, doc.y, { width: this.width, lineGap: LINE_GAP });
    doc.x = MARGIN;
    this.draws++;
  }

  /** 'Page 2 of 3' centred in each page's bottom margin, when there is more than one page. */
  private pageNumbers() {
    const { doc } = this;
    const { start, count } = doc.bufferedPageRange();
    if (count < 2) return;
    doc.font(FONT_FILES.regular).fontSize(SMALL_SIZE).fillColor(COLORS.muted);
    for (let i = 0; i < count; i++) {
      doc.switchToPage(start + i);
      const label = `Page ${i + 1} of ${count}`;
      // Written below the bottom margin, which pdfkit would otherwise take as the end of the page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const x = (doc.page.width - doc.widthOfString(label)) / 2;
      doc.text(label, x, doc.page.height - FOOTER_FROM_BOTTOM, { lineBreak: false });
      doc.page.margins.bottom = bottom;
    }
  }
}

/** The PDF of the blocks, with its title and Draftsmith as its creator in the document's properties. */
export async function writePdf(blocks: readonly Block[], title: string): Promise<Buffer> {
  const writer = new PdfWriter(title);
  writer.add(blocks);
  return writer.finish();
}
