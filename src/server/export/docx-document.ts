import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  type IParagraphOptions,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import {
  CODE_FONT,
  HEADINGS,
  LIST_INDENT,
  listLevels,
  MARGIN,
  RULE_COLOR,
  SHADE,
  STYLES,
  TEXT_WIDTH,
} from './docx-styles.ts';
import type { Alignment, Block } from './markdown-blocks.ts';
import { isSafeUrl, parseInline, type Span } from './markdown-inline.ts';
import { plainParagraphs as plainTexts } from './markdown-plain.ts';

/**
 * Markdown blocks (markdown-blocks.ts) as a Word document, with the `docx` package.
 *
 * That package spends tens of microseconds and a few hundred bytes on every paragraph, run and cell, all
 * at once and without yielding when the file is packed: 100,000 one-word list items took 7 s. So a
 * document gets at most MAX_ELEMENTS of them; the rest of an absurdly long text is written as plain
 * paragraphs of PLAIN_CHUNK characters. A resume uses a few hundred.
 */
const MAX_ELEMENTS = 10_000;
/** Word allows 63 columns; a wider "table" is written as lines of text. */
const MAX_TABLE_COLUMNS = 20;

const ALIGNMENTS = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
} as const;
const CODE_SHADING = { type: ShadingType.CLEAR, color: 'auto', fill: SHADE } as const;

/**
 * Text a document can hold: XML 1.0 refuses control characters, lone surrogates and U+FFFE/U+FFFF, and
 * Word then calls the whole file corrupt. Tabs and line ends become spaces.
 */
export function documentText(text: string): string {
  return (
    text
      .toWellFormed()
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/[\t\r\n]/g, ' ')
  );
}

/** Blocks as plain paragraphs (markdown-plain.ts): a handful of elements for any length. */
function plainParagraphs(blocks: readonly Block[]): Paragraph[] {
  return plainTexts(blocks).map((text) => new Paragraph({ children: [new TextRun(documentText(text))] }));
}

function textRun(span: Span, strong: boolean, linked: boolean): TextRun {
  return new TextRun({
    text: documentText(span.text),
    bold: span.bold || strong || undefined,
    italics: span.italic || undefined,
    strike: span.strike || undefined,
    font: span.code ? CODE_FONT : undefined,
    shading: span.code ? CODE_SHADING : undefined,
    style: linked ? 'Hyperlink' : undefined,
    break: span.break ? 1 : undefined,
  });
}

/** Builds the document's body block by block, counting what it creates against MAX_ELEMENTS. */
class BodyBuilder {
  readonly body: Array<Paragraph | Table> = [];
  /** The start number of each numbered list, by the list's id: each start is a numbering of its own. */
  private readonly listStarts = new Map<number, number>();
  private elements = 0;

  add(blocks: readonly Block[]) {
    let i = 0;
    for (; i < blocks.length && this.elements < MAX_ELEMENTS; i++) this.body.push(...this.block(blocks[i]!));
    if (i < blocks.length) this.body.push(...plainParagraphs(blocks.slice(i)));
  }

  /** The numbering definitions the lists use. */
  numbering() {
    const starts = new Set(this.listStarts.values());
    return [
      { reference: 'bullets', levels: listLevels('bullet') },
      ...[...starts].map((start) => ({
        reference: `numbered-from-${start}`,
        levels: listLevels('decimal', start),
      })),
    ];
  }

  private paragraph(options: IParagraphOptions): Paragraph {
    this.elements++;
    return new Paragraph(options);
  }

  /**
   * The runs of inline Markdown. A link to a web or mail address is a hyperlink over all of its spans;
   * any other address ('javascript:', a relative path) is not linked but written after its text.
   */
  private runs(markdown: string, strong = false): ParagraphChild[] {
    let spans = parseInline(markdown);
    if (spans.length > MAX_ELEMENTS - this.elements) spans = [{ text: spans.map((s) => s.text).join('') }];
    this.elements += spans.length;
    const children: ParagraphChild[] = [];
    for (let i = 0; i < spans.length; ) {
      const link = spans[i]!.link;
      let end = i + 1;
      while (link !== undefined && end < spans.length && spans[end]!.link === link) end++;
      const group = spans.slice(i, end);
      const safe = link !== undefined && isSafeUrl(link);
      const runs = group.map((span) => textRun(span, strong, safe));
      if (safe) children.push(new ExternalHyperlink({ link, children: runs }));
      else children.push(...runs);
      if (link && !safe && link !== group.map((s) => s.text).join('')) {
        children.push(textRun({ text: ` (${link})` }, strong, false));
      }
      i = end;
    }
    return children;
  }

  private block(block: Block): Array<Paragraph | Table> {
    switch (block.kind) {
      case 'heading': {
        const heading = HEADINGS[Math.min(block.level, HEADINGS.length) - 1];
        return [this.paragraph({ heading, children: this.runs(block.text) })];
      }
      case 'paragraph':
        return [
          this.paragraph({
            children: this.runs(block.text),
            indent: block.depth ? { left: LIST_INDENT * block.depth } : undefined,
          }),
        ];
      case 'quote':
        return [
          this.paragraph({
            children: this.runs(block.text),
            indent: { left: LIST_INDENT * 2 },
            border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'D1D5DB', space: 8 } },
          }),
        ];
      case 'item':
        return [
          this.paragraph({
            children: this.runs(block.text),
            numbering: this.listNumbering(block),
            spacing: { after: 60 },
          }),
        ];
      case 'code':
        if (this.elements + 2 * block.lines.length > MAX_ELEMENTS) return plainParagraphs([block]);
        this.elements += block.lines.length; // and a paragraph each
        return block.lines.map((line) =>
          this.paragraph({
            children: [new TextRun({ text: documentText(line) || ' ', font: CODE_FONT, size: 19 })],
            shading: CODE_SHADING,
            spacing: { after: 0, line: 240 },
          }),
        );
      case 'rule':
        return [
          this.paragraph({
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: RULE_COLOR, space: 1 } },
          }),
        ];
      case 'table':
        return this.table(block);
    }
  }

  /** A bullet item, or a numbered one in its list (which starts at its first item's number). */
  private listNumbering(item: Extract<Block, { kind: 'item' }>) {
    if (!item.ordered) return { reference: 'bullets', level: item.depth };
    if (!this.listStarts.has(item.list)) this.listStarts.set(item.list, item.start);
    const start = this.listStarts.get(item.list)!;
    return { reference: `numbered-from-${start}`, level: item.depth, instance: item.list };
  }

  private table(block: Extract<Block, { kind: 'table' }>): Array<Paragraph | Table> {
    const columns = block.align.length;
    const cells = columns * block.rows.length;
    if (columns > MAX_TABLE_COLUMNS || this.elements + 3 * cells > MAX_ELEMENTS)
      return plainParagraphs([block]);
    this.elements += cells;
    const width = Math.floor(TEXT_WIDTH / columns);
    const rows = block.rows.map(
      (row, r) =>
        new TableRow({
          tableHeader: r === 0,
          children: row.map(
            (cell, c) =>
              new TableCell({
                width: { size: width, type: WidthType.DXA },
                margins: { top: 40, bottom: 40, left: 80, right: 80 },
                shading: r === 0 ? CODE_SHADING : undefined,
                children: [this.cellParagraph(cell, block.align[c] ?? null, r === 0)],
              }),
          ),
        }),
    );
    const table = new Table({
      rows,
      columnWidths: block.align.map(() => width),
      width: { size: TEXT_WIDTH, type: WidthType.DXA },
    });
    // An empty paragraph after a table keeps the next block from touching it, as Word itself does.
    return [table, this.paragraph({ spacing: { after: 0 } })];
  }

  private cellParagraph(text: string, align: Alignment, header: boolean): Paragraph {
    return this.paragraph({
      children: this.runs(text, header),
      alignment: align ? ALIGNMENTS[align] : undefined,
      spacing: { after: 0 },
    });
  }
}

/** The .docx file of the blocks, with its title and Draftsmith as its author in the document properties. */
export async function writeDocx(blocks: readonly Block[], title: string): Promise<Buffer> {
  const builder = new BodyBuilder();
  builder.add(blocks);
  const document = new Document({
    title: documentText(title),
    creator: 'Draftsmith',
    lastModifiedBy: 'Draftsmith',
    description: 'Written with Draftsmith',
    styles: STYLES,
    numbering: { config: builder.numbering() },
    sections: [
      {
        properties: { page: { margin: { top: MARGIN, right: MARGIN, bottom: MARGIN, left: MARGIN } } },
        children: builder.body.length > 0 ? builder.body : [new Paragraph({})],
      },
    ],
  });
  return Packer.toBuffer(document);
}
