/**
 * The look of an answer downloaded as a PDF (ADR 0031): one column on A4 (the size outside North America,
 * and what the .docx uses), 50 pt margins, DejaVu Sans 10 pt with little air, the first '#' heading as the
 * name in large type, each '##' section heading over a thin rule, page numbers in the footer when there is
 * more than one page. The colours are the .docx's (docx-styles.ts). Sizes are points (1/72 inch).
 */

export const PAGE_SIZE = 'A4';
export const MARGIN = 50;
/** The footer's baseline area, inside the bottom margin. */
export const FOOTER_FROM_BOTTOM = 32;

export const TEXT_SIZE = 10;
export const SMALL_SIZE = 8.5;
/** Extra space between the lines of a paragraph, and after a paragraph. */
export const LINE_GAP = 1.5;
export const PARAGRAPH_GAP = 5;
/** Space between the items of a list. */
export const ITEM_GAP = 2;

/** The first '#' heading: the person's name. */
export const NAME = { size: 22, gapBefore: 0, gapAfter: 3 };
/** '#' after the name, and '##': a section, over a rule. */
export const SECTION = { size: 12, gapBefore: 10, gapAfter: 5, ruleGap: 2 };
/** '###' (a role, a degree) and deeper. */
export const SUBHEADINGS = [
  { size: 10.5, gapBefore: 6, gapAfter: 2 },
  { size: 10, gapBefore: 5, gapAfter: 1 },
] as const;

/** A list's marker column, and how far each level of nesting moves it. */
export const LIST_INDENT = 14;
export const BULLETS = ['•', '◦', '▪'] as const;
/** Padding inside a table cell and a code block. */
export const CELL_PADDING = { x: 4, y: 3 };

export const COLORS = {
  text: '#1F2937',
  name: '#111827',
  section: '#1E3A5F',
  muted: '#4B5563',
  rule: '#9CA3AF',
  link: '#1D4ED8',
  shade: '#F3F4F6',
};
