import type { MarkdownWriter } from './markdown-writer.ts';
import type { XmlElement, XmlHandler } from './xml-stream.ts';

export const ODF = {
  office: 'urn:oasis:names:tc:opendocument:xmlns:office:1.0',
  text: 'urn:oasis:names:tc:opendocument:xmlns:text:1.0',
  table: 'urn:oasis:names:tc:opendocument:xmlns:table:1.0',
} as const;

/** Repeated cells and rows (a spreadsheet habit) are written out at most this many times. */
const MAX_REPEAT = 64;

/** For each list style, whether each level (1-based) is numbered. */
export type ListStyles = Map<string, Map<number, boolean>>;

interface ParagraphStyle {
  displayName?: string;
  parent?: string;
  outlineLevel?: number;
  /** `fo:break-before` / `fo:break-after` of its paragraph properties, when set. */
  breakBefore?: string;
  breakAfter?: string;
}

const STYLE_NAMESPACE = 'urn:oasis:names:tc:opendocument:xmlns:style:1.0';

/**
 * Collects the styles of styles.xml and content.xml that carry structure: list styles (each level
 * numbered or bulleted) and paragraph styles (a heading is often a plain paragraph in style "Heading 1";
 * an author's page break is a paragraph style that breaks the page before or after).
 */
export class OdtStyles implements XmlHandler {
  readonly lists: ListStyles = new Map();
  private readonly paragraphs = new Map<string, ParagraphStyle>();
  private currentList: Map<number, boolean> | null = null;
  private currentParagraph: ParagraphStyle | null = null;

  open(element: XmlElement) {
    if (element.uri === STYLE_NAMESPACE && element.local === 'style') {
      const name = element.attr('name');
      this.currentParagraph = null;
      if (name && element.attr('family') === 'paragraph') {
        const level = element.attr('default-outline-level');
        this.currentParagraph = {
          displayName: element.attr('display-name'),
          parent: element.attr('parent-style-name'),
          outlineLevel: level ? Number(level) : undefined,
        };
        this.paragraphs.set(name, this.currentParagraph);
      }
      return;
    }
    if (element.uri === STYLE_NAMESPACE && element.local === 'paragraph-properties') {
      if (this.currentParagraph) {
        this.currentParagraph.breakBefore = element.attr('break-before');
        this.currentParagraph.breakAfter = element.attr('break-after');
      }
      return;
    }
    if (element.uri !== ODF.text) return;
    if (element.local === 'list-style') {
      const name = element.attr('name');
      this.currentList = name ? new Map() : null;
      if (name && this.currentList) this.lists.set(name, this.currentList);
    } else if (this.currentList && element.local.startsWith('list-level-style-')) {
      const level = Number(element.attr('level') ?? 1);
      this.currentList.set(level, element.local === 'list-level-style-number');
    }
  }

  close(uri: string, local: string) {
    if (uri === ODF.text && local === 'list-style') this.currentList = null;
    if (uri === STYLE_NAMESPACE && local === 'style') this.currentParagraph = null;
  }

  text() {}

  /** Whether a paragraph style (its own setting or its nearest ancestor's, at most 10 up) breaks the page. */
  pageBreaks(styleName: string | undefined): { before: boolean; after: boolean } {
    let before: string | undefined;
    let after: string | undefined;
    let name = styleName;
    for (let i = 0; name && i < 10; i++) {
      const style = this.paragraphs.get(name);
      before ??= style?.breakBefore;
      after ??= style?.breakAfter;
      name = style?.parent;
    }
    return { before: before === 'page', after: after === 'page' };
  }

  /** The heading level a paragraph style gives (its own or an ancestor's, at most 10 up), or null. */
  headingLevel(styleName: string | undefined): number | null {
    let name = styleName;
    for (let i = 0; name && i < 10; i++) {
      const style = this.paragraphs.get(name);
      if (style?.outlineLevel && style.outlineLevel > 0) return style.outlineLevel;
      const label = (style?.displayName ?? name.replaceAll('_20_', ' ')).toLowerCase();
      const match = /^heading\s*([1-9])$/.exec(label);
      if (match) return Number(match[1]);
      if (label === 'title') return 1;
      name = style?.parent;
    }
    return null;
  }
}

interface Paragraph {
  kind: 'p';
  parts: string[];
  heading?: number;
  /** Its style breaks the page after it. */
  breakAfter?: boolean;
}
interface Table {
  kind: 'tbl';
  rows: string[][];
  row: string[] | null;
  rowRepeat: number;
  cell: string[] | null;
  cellRepeat: number;
}
interface List {
  kind: 'list';
  style?: string;
  /** Paragraphs of the current item, written as one item when it ends. */
  item: string[] | null;
  /** The open item is a list header (not numbered). */
  header: boolean;
  number: number;
}

/** Notes, comments and tracked deletions: text that is not the body's running text. */
const SKIPPED = new Set([`${ODF.text} note`, `${ODF.office} annotation`, `${ODF.text} tracked-changes`]);

function flatten(rows: string[][]): string {
  return rows.map((row) => row.filter((c) => c.trim() !== '').join(' · ')).join('; ');
}

/**
 * Walks content.xml's body as SAX events: text:h headings, text:p paragraphs, text:list lists (numbered
 * or bulleted by their list style, nested by depth) and table:table tables (repeated cells and rows
 * capped, nested tables flattened), into Markdown. Frames and text boxes join the paragraph that anchors
 * them.
 *
 * Pages: where LibreOffice last laid the document out it left `text:soft-page-break`, and an author's
 * page break is a paragraph style with `fo:break-before` or `fo:break-after` "page". A block belongs to
 * the page it starts on: a break met inside a paragraph, list item or table that already has text
 * starts the page with the next block written.
 */
export class OdtBody implements XmlHandler {
  private readonly writer: MarkdownWriter;
  private readonly styles: OdtStyles;
  private readonly stack: (Paragraph | Table | List)[] = [];
  private skipDepth = 0;
  private inBody = false;
  /** Page breaks met inside a block that had begun, written after the next block the writer gets. */
  private breaksAfterBlock = 0;

  constructor(writer: MarkdownWriter, styles: OdtStyles) {
    this.writer = writer;
    this.styles = styles;
  }

  private top() {
    return this.stack.at(-1);
  }

  private lists(): List[] {
    return this.stack.filter((s): s is List => s.kind === 'list');
  }

  open(element: XmlElement) {
    if (this.skipDepth > 0) {
      this.skipDepth++;
      return;
    }
    if (SKIPPED.has(`${element.uri} ${element.local}`)) {
      this.skipDepth = 1;
      return;
    }
    if (element.uri === ODF.office && element.local === 'text') {
      this.inBody = true;
      return;
    }
    if (!this.inBody) return;
    const top = this.top();
    if (element.uri === ODF.text) {
      switch (element.local) {
        case 'p':
        case 'h': {
          const style = element.attr('style-name');
          const heading =
            element.local === 'h'
              ? Number(element.attr('outline-level') ?? 1)
              : this.styles.headingLevel(style);
          const breaks = this.styles.pageBreaks(style);
          if (breaks.before) this.pageBreak();
          this.stack.push({
            kind: 'p',
            parts: [],
            ...(heading === null ? {} : { heading }),
            ...(breaks.after ? { breakAfter: true } : {}),
          });
          break;
        }
        case 'soft-page-break':
          this.pageBreak();
          break;
        case 's':
          if (top?.kind === 'p')
            top.parts.push(' '.repeat(Math.min(Number(element.attr('c') ?? 1) || 1, 100)));
          break;
        case 'tab':
          if (top?.kind === 'p') top.parts.push('\t');
          break;
        case 'line-break':
          if (top?.kind === 'p') top.parts.push('\n');
          break;
        case 'list': {
          const outer = this.lists().at(-1);
          // The item that holds a nested list is written before the nested items.
          if (outer?.item) this.flushItem(outer);
          this.stack.push({
            kind: 'list',
            style: element.attr('style-name') ?? outer?.style,
            item: null,
            header: false,
            number: 0,
          });
          break;
        }
        case 'list-item':
        case 'list-header':
          if (top?.kind === 'list') {
            top.item = [];
            top.header = element.local === 'list-header';
            if (!top.header) top.number++;
          }
          break;
      }
    } else if (element.uri === ODF.table) {
      const repeat = (name: string) =>
        Math.min(Math.max(Number(element.attr(name) ?? 1) || 1, 1), MAX_REPEAT);
      switch (element.local) {
        case 'table':
          this.stack.push({ kind: 'tbl', rows: [], row: null, rowRepeat: 1, cell: null, cellRepeat: 1 });
          break;
        case 'table-row':
          if (top?.kind === 'tbl') {
            top.row = [];
            top.rowRepeat = repeat('number-rows-repeated');
          }
          break;
        case 'table-cell':
        case 'covered-table-cell':
          if (top?.kind === 'tbl') {
            top.cell = [];
            top.cellRepeat = repeat('number-columns-repeated');
          }
          break;
      }
    }
  }

  close(uri: string, local: string) {
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    if (uri === ODF.office && local === 'text') {
      this.inBody = false;
      return;
    }
    if (!this.inBody) return;
    const top = this.top();
    if (uri === ODF.text) {
      if ((local === 'p' || local === 'h') && top?.kind === 'p') {
        this.stack.pop();
        this.endParagraph(top);
        if (top.breakAfter) this.pageBreak();
      } else if ((local === 'list-item' || local === 'list-header') && top?.kind === 'list') {
        this.flushItem(top);
        top.item = null;
      } else if (local === 'list' && top?.kind === 'list') {
        this.stack.pop();
      }
    } else if (uri === ODF.table && top?.kind === 'tbl') {
      if (local === 'table-cell' || local === 'covered-table-cell') {
        const text = top.cell?.join('\n') ?? '';
        // Repeated empty cells are padding; a repeated value is written out (capped).
        const times = text.trim() === '' ? 1 : top.cellRepeat;
        for (let i = 0; i < times; i++) top.row?.push(text);
        top.cell = null;
      } else if (local === 'table-row') {
        const row = top.row ?? [];
        const times = row.some((c) => c.trim() !== '') ? top.rowRepeat : 1;
        for (let i = 0; i < times; i++) top.rows.push(row);
        top.row = null;
      } else if (local === 'table') {
        this.stack.pop();
        this.endTable(top);
      }
    }
  }

  text(text: string) {
    const top = this.top();
    if (this.skipDepth === 0 && top?.kind === 'p') top.parts.push(text);
  }

  private endParagraph(paragraph: Paragraph) {
    const text = paragraph.parts.join('');
    const outer = this.top();
    if (outer?.kind === 'p') {
      outer.parts.push(` ${text} `); // a frame or text box anchored in the paragraph
    } else if (outer?.kind === 'tbl') {
      outer.cell?.push(text);
    } else if (outer?.kind === 'list' && outer.item) {
      outer.item.push(text);
    } else if (paragraph.heading !== undefined) {
      this.writer.heading(paragraph.heading, text);
      this.wroteBlock();
    } else {
      this.writer.paragraph(text);
      this.wroteBlock();
    }
  }

  /**
   * A page break here: the writer's next block starts the page, unless a block has begun (a paragraph or
   * list item with text, or a table), in which case the block after it does.
   */
  private pageBreak() {
    const begun = this.stack.some(
      (open) =>
        open.kind === 'tbl' ||
        (open.kind === 'p' && open.parts.join('').trim() !== '') ||
        (open.kind === 'list' && (open.item?.some((text) => text.trim() !== '') ?? false)),
    );
    if (begun) this.breaksAfterBlock++;
    else this.writer.pageBreak();
  }

  /** After the writer got a block: the page breaks met inside it. */
  private wroteBlock() {
    for (; this.breaksAfterBlock > 0; this.breaksAfterBlock--) this.writer.pageBreak();
  }

  /** Writes the item's paragraphs so far (the list must be the innermost one open). */
  private flushItem(list: List) {
    const text = (list.item ?? []).join(' ');
    if (list.item) list.item = [];
    if (text.trim() === '') return;
    const depth = this.lists().length - 1;
    const ordered = !list.header && (this.styles.lists.get(list.style ?? '')?.get(depth + 1) ?? false);
    this.writer.listItem({ depth, ordered, number: list.number }, text);
    this.wroteBlock();
  }

  private endTable(table: Table) {
    const outer = this.top();
    if (outer?.kind === 'tbl' && outer.cell) outer.cell.push(flatten(table.rows));
    else if (outer?.kind === 'p') outer.parts.push(` ${flatten(table.rows)} `);
    else if (outer?.kind === 'list' && outer.item) outer.item.push(flatten(table.rows));
    else {
      this.writer.table(table.rows);
      this.wroteBlock();
    }
  }
}
