import type { Alignment, Block } from './markdown-blocks.ts';
import { inlineText } from './markdown-plain.ts';
import { type Face, FONT_FILES } from './pdf-fonts.ts';
import { CELL_PADDING, COLORS, LINE_GAP, MARGIN, TEXT_SIZE } from './pdf-template.ts';

/** What a table is drawn on: the document being written (pdf-document.ts). */
export interface TablePage {
  readonly doc: PDFKit.PDFDocument;
  /** The text's width between the margins. */
  readonly width: number;
  /** Running text in `face` as pdfkit is given it (pdf-text.ts). */
  text(face: Face, text: string): string;
  /** A thin rule across the text's width at `y`. */
  line(y: number, color: string, width?: number): void;
  /** A paragraph of plain text. */
  writePlain(text: string): void;
  /** Counts drawing calls against the document's budget. */
  count(draws: number): void;
}

interface TableLayout {
  widths: number[];
  align: Alignment[];
  /** The header row, drawn again at the top of each page the table reaches. */
  header: string[];
}

const CELL_SIZE = TEXT_SIZE - 0.5;

/**
 * A table: columns as wide as their longest text suggests (within bounds), the header row shaded and
 * repeated on each page the table reaches, a thin line under each row. Cells are plain text, the header's
 * bold; a row taller than a page is written as a line of text instead.
 */
export function writeTable(page: TablePage, block: Extract<Block, { kind: 'table' }>) {
  // The bold face's characters, for the header; the regular face has the same.
  const rows = block.rows.map((row) => row.map((cell) => page.text('bold', inlineText(cell))));
  const weights = block.align.map((_, c) =>
    Math.min(
      40,
      rows.reduce((longest, row) => Math.max(longest, row[c]?.length ?? 0), 6),
    ),
  );
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const table: TableLayout = {
    widths: weights.map((weight) => (page.width * weight) / total),
    align: block.align,
    header: rows[0]!,
  };
  rows.forEach((row, r) => {
    writeRow(page, row, r === 0, table);
  });
}

function writeRow(page: TablePage, cells: string[], header: boolean, table: TableLayout) {
  const { doc } = page;
  const font = () => doc.font(FONT_FILES[header ? 'bold' : 'regular']).fontSize(CELL_SIZE);
  font();
  const heights = cells.map((cell, c) => cellHeight(doc, cell, table.widths[c]!));
  const height = Math.max(...heights) + 2 * CELL_PADDING.y;
  if (height > doc.page.maxY() - doc.page.margins.top) return page.writePlain(cells.join(' | '));
  if (doc.y + height > doc.page.maxY() && doc.y > doc.page.margins.top) {
    doc.addPage();
    if (!header) writeRow(page, table.header, true, table);
    font();
  }
  const y = doc.y;
  if (header) doc.rect(MARGIN, y, page.width, height).fill(COLORS.shade);
  let x = MARGIN;
  cells.forEach((cell, c) => {
    if (cell !== '') {
      doc.fillColor(COLORS.text).text(cell, x + CELL_PADDING.x, y + CELL_PADDING.y, {
        width: table.widths[c]! - 2 * CELL_PADDING.x,
        // Within the row: pdfkit cuts the text there rather than going on to a new page.
        height: height - CELL_PADDING.y,
        lineGap: LINE_GAP,
        align: table.align[c] ?? 'left',
      });
    }
    x += table.widths[c]!;
  });
  doc.y = y + height;
  page.line(doc.y, COLORS.rule, 0.5);
  doc.x = MARGIN;
  page.count(cells.length);
}

function cellHeight(doc: PDFKit.PDFDocument, text: string, width: number): number {
  if (text === '') return doc.currentLineHeight(true);
  return doc.heightOfString(text, { width: width - 2 * CELL_PADDING.x, lineGap: LINE_GAP });
}
