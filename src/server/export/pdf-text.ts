import type { Face } from './pdf-fonts.ts';

/**
 * Text as pdfkit is given it: only characters the font can draw, on one line, with no word so long that
 * laying it out costs more than its length.
 */

/**
 * A word longer than this gets a break opportunity every MAX_WORD characters: pdfkit measures a word too
 * wide for its line again for each line it fills, so a 100,000-character line would take minutes.
 */
const MAX_WORD = 200;
/** A run of characters pdfkit may not break at a space: no-break spaces join words as letters do. */
const LONG_WORD = new RegExp(`[^ ]{${MAX_WORD + 1},}`, 'g');
/** The break opportunity; DejaVu Sans Mono has no glyph for it, so code gets a plain space. */
const ZERO_WIDTH_SPACE = '\u200b';

/** Whether a font has a glyph for a code point. */
export type Coverage = (codePoint: number) => boolean;

/** Emoji and their parts: dropped when the font has no glyph, being decoration more than words. */
const EMOJI = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]/u;
/** Marks, format and control characters: dropped when the font has none, as they stand for no letter. */
const INVISIBLE = /[\p{M}\p{Cf}\p{Cc}]/u;
const REPLACEMENT = '\ufffd';

/**
 * The characters a font can draw: any other is dropped (emoji, marks, controls) or shown as '�' (a letter
 * of a script DejaVu lacks, such as Chinese or Thai), so that the reader sees that something was there.
 * pdfkit itself would draw an empty box and keep going; this keeps the page and its text clean.
 */
export class PrintableText {
  private readonly covers: Coverage;
  /** What each character outside ASCII becomes, once asked. */
  private readonly seen = new Map<string, string>();

  constructor(covers: Coverage) {
    this.covers = covers;
  }

  of(text: string): string {
    if (/^[\u0020-\u007e]*$/.test(text)) return text;
    let out = '';
    for (const char of text.toWellFormed()) {
      const code = char.codePointAt(0)!;
      if (code >= 0x20 && code <= 0x7e) {
        out += char;
        continue;
      }
      let printed = this.seen.get(char);
      if (printed === undefined) {
        printed = this.printed(char, code);
        this.seen.set(char, printed);
      }
      out += printed;
    }
    return out;
  }

  private printed(char: string, code: number): string {
    if (code === 0xfe0e || code === 0xfe0f || code === 0x200d) return ''; // emoji presentation, joiners
    if (this.covers(code)) return char;
    return EMOJI.test(char) || INVISIBLE.test(char) ? '' : REPLACEMENT;
  }
}

/**
 * Running text on one line: tabs and line ends are spaces, and a run of spaces is one (as a browser shows
 * Markdown; pdfkit would take a run as one word and measure it again for each line it fills).
 */
function oneLine(text: string): string {
  return text.replace(/[\t\r\n]/g, ' ').replace(/ {2,}/g, ' ');
}

/** `breaker` every MAX_WORD characters of a longer word, never inside a surrogate pair. */
function breakLongWords(text: string, breaker: string): string {
  if (text.length <= MAX_WORD) return text;
  return text.replace(LONG_WORD, (word) => {
    let out = '';
    for (let i = 0; i < word.length; ) {
      let end = Math.min(i + MAX_WORD, word.length);
      const code = word.charCodeAt(end - 1);
      if (end < word.length && code >= 0xd800 && code <= 0xdbff) end--;
      out += (i > 0 ? breaker : '') + word.slice(i, end);
      i = end;
    }
    return out;
  });
}

/**
 * pdfkit keeps the font it embeds (a fontkit font) as `_font.font`, whose character map tells which
 * characters it can draw. Should a pdfkit version no longer have it, every character is taken as drawable
 * (pdfkit then draws an empty box for one that is not) and markdown-pdf.test.ts fails.
 */
export function coverageOf(doc: object): Coverage {
  const font = (doc as { _font?: { font?: { hasGlyphForCodePoint?: unknown } } })._font?.font;
  const has = font?.hasGlyphForCodePoint;
  return typeof has === 'function' ? (code) => has.call(font, code) === true : () => true;
}

/** Running text in `face`: on one line, only what the face can draw, long words breakable. */
export function runningText(printable: PrintableText, face: Face, text: string): string {
  return breakLongWords(printable.of(oneLine(text)), face === 'mono' ? ' ' : ZERO_WIDTH_SPACE);
}
