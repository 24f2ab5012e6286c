import {
  AlignmentType,
  BorderStyle,
  HeadingLevel,
  type ILevelsOptions,
  type IStylesOptions,
  LevelFormat,
  UnderlineType,
} from 'docx';
import { MAX_LIST_DEPTH } from './markdown-blocks.ts';

/**
 * The look of a resume downloaded as .docx: Calibri 11 with a little air between paragraphs, Word's own
 * heading styles (so its navigation pane and a table of contents see them), a rule under each section
 * heading (##), 0.75" margins on A4.
 */

export const FONT = 'Calibri';
export const CODE_FONT = 'Consolas';
/** Twips (1/20 pt). */
export const MARGIN = 1080;
export const LIST_INDENT = 360;
/** A4 less the margins: the width tables share out. */
export const TEXT_WIDTH = 11906 - 2 * MARGIN;
export const RULE_COLOR = '9CA3AF';
export const SHADE = 'F3F4F6';

/** '#' to '####'; deeper headings look like '####'. */
export const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
] as const;

export const STYLES: IStylesOptions = {
  default: {
    document: {
      run: { font: FONT, size: 22, color: '1F2937' },
      paragraph: { spacing: { after: 120, line: 264 } },
    },
    heading1: {
      run: { font: FONT, size: 36, bold: true, color: '111827' },
      paragraph: { spacing: { after: 80 } },
    },
    heading2: {
      run: { font: FONT, size: 26, bold: true, color: '1E3A5F' },
      paragraph: {
        spacing: { before: 240, after: 100 },
        border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: RULE_COLOR, space: 1 } },
      },
    },
    heading3: {
      run: { font: FONT, size: 23, bold: true, color: '111827' },
      paragraph: { spacing: { before: 160, after: 60 } },
    },
    heading4: {
      run: { font: FONT, size: 22, bold: true, italics: true },
      paragraph: { spacing: { before: 120, after: 40 } },
    },
    hyperlink: { run: { color: '1D4ED8', underline: { type: UnderlineType.SINGLE } } },
  },
};

const BULLETS = ['•', '◦', '▪'];

/** The levels of a bullet list, or of a numbered list counting from `start`. */
export function listLevels(format: 'bullet' | 'decimal', start = 1): ILevelsOptions[] {
  return Array.from({ length: MAX_LIST_DEPTH + 1 }, (_, level) => ({
    level,
    format: format === 'bullet' ? LevelFormat.BULLET : LevelFormat.DECIMAL,
    text: format === 'bullet' ? BULLETS[level % BULLETS.length]! : `%${level + 1}.`,
    start: level === 0 ? start : 1,
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: LIST_INDENT * (level + 1), hanging: LIST_INDENT } } },
  }));
}
