/**
 * The inline Markdown of one block: **bold**, *italic*, ***both***, ~~struck~~, `code`, [links](url),
 * <https://autolinks>, bare https:// URLs, backslash escapes, a few entities and hard line breaks. Linear
 * in the text: brackets and backtick runs are paired in one pass up front, and emphasis is matched with one
 * stack per kind of delimiter, so no input makes the parser search back and forth.
 */

/** A run of text with one formatting. */
export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: string;
  /** A line break comes before the text. */
  break?: boolean;
}

type Role = 'bold' | 'italic' | 'strike';

interface TextPiece {
  kind: 'text';
  text: string;
  code?: boolean;
  link?: string;
}
interface DelimiterPiece {
  kind: 'delimiter';
  char: string;
  length: number;
  roles: Role[];
  matched: Role[];
  canOpen: boolean;
  canClose: boolean;
  link?: string;
}
type Piece = TextPiece | DelimiterPiece | { kind: 'break' };

/** Past this many delimiters in one block, its emphasis is left as written: no document needs more. */
const MAX_DELIMITERS = 2_000;
/** Longest URL kept as a link. */
const MAX_URL = 2_048;
const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
/** Characters that may start something other than plain text. */
const SPECIAL = '\\\n`*_~![]<&h';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const ENTITY = /&(?:([a-z]{2,4})|#(\d{1,7})|#x([\da-f]{1,6}));/iy;
const AUTOLINK = /<((?:https?|mailto):[^\s<>]*)>/iy;
const LINE_BREAK_TAG = /<br\s*\/?>/iy;
const BARE_URL = /https?:\/\/[^\s<>"]+/y;

/** The character a numeric entity names, if it is one a document can hold (no controls, no lone surrogates). */
function characterOf(code: number): string | undefined {
  const invalid = code < 0x20 || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff;
  return invalid || code > 0x10ffff ? undefined : String.fromCodePoint(code);
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isPunctuation = (char: string | undefined) => char !== undefined && /[\p{P}\p{S}]/u.test(char);

function rolesOf(char: string, length: number): Role[] {
  if (char === '~') return length === 2 ? ['strike'] : [];
  return length === 1 ? ['italic'] : length === 2 ? ['bold'] : length === 3 ? ['bold', 'italic'] : [];
}

const ROLE_LENGTH: Record<Role, number> = { bold: 2, italic: 1, strike: 2 };

/** Matching pairs of an opening and closing character, by the opening one's position; escapes skipped. */
function pairs(text: string, open: string, close: string): Map<number, number> {
  const found = new Map<number, number>();
  const stack: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === open) stack.push(i);
    else if (char === close && stack.length > 0) found.set(stack.pop()!, i);
  }
  return found;
}

/** For each backtick run, the next run of the same length: a code span's end. */
class BacktickRuns {
  private readonly byLength = new Map<number, { positions: number[]; next: number }>();

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== '`') continue;
      const start = i;
      while (text[i + 1] === '`') i++;
      const length = i - start + 1;
      const runs = this.byLength.get(length) ?? { positions: [], next: 0 };
      runs.positions.push(start);
      this.byLength.set(length, runs);
    }
  }

  /** The start of the first run of `length` backticks after `from`, or -1. Asked left to right. */
  closing(length: number, from: number): number {
    const runs = this.byLength.get(length);
    if (!runs) return -1;
    while (runs.next < runs.positions.length && runs.positions[runs.next]! <= from) runs.next++;
    return runs.positions[runs.next] ?? -1;
  }
}

/** Whether a link's URL may be opened from a document: web and mail addresses only. */
export function isSafeUrl(url: string): boolean {
  if (url.length > MAX_URL || !/^(?:https?:\/\/|mailto:)/i.test(url)) return false;
  return URL.canParse(url);
}

class InlineScanner {
  private readonly pieces: Piece[] = [];
  private readonly text: string;
  private readonly brackets: Map<number, number>;
  private readonly parens: Map<number, number>;
  private readonly backticks: BacktickRuns;
  private link: { url: string; end: number; after: number } | undefined;
  private i = 0;

  constructor(text: string) {
    this.text = text;
    this.brackets = pairs(text, '[', ']');
    this.parens = pairs(text, '(', ')');
    this.backticks = new BacktickRuns(text);
  }

  scan(): Piece[] {
    const { text } = this;
    while (this.i < text.length) {
      if (this.link && this.i >= this.link.end) {
        this.i = Math.max(this.i, this.link.after);
        this.link = undefined;
        continue;
      }
      const char = text[this.i]!;
      if (!SPECIAL.includes(char)) this.plainText();
      else this.special(char);
    }
    return this.pieces;
  }

  private pushText(text: string, code = false) {
    if (text === '') return;
    const last = this.pieces.at(-1);
    if (!code && last?.kind === 'text' && !last.code && last.link === this.link?.url) {
      last.text += text; // one piece for a run of literal characters ('[[[[', 'h', '&')
      return;
    }
    const piece: TextPiece = { kind: 'text', text };
    if (code) piece.code = true;
    if (this.link) piece.link = this.link.url;
    this.pieces.push(piece);
  }

  private plainText() {
    const start = this.i;
    const stop = this.link?.end ?? this.text.length;
    while (this.i < stop && !SPECIAL.includes(this.text[this.i]!)) this.i++;
    this.pushText(this.text.slice(start, this.i));
  }

  private special(char: string) {
    const { text } = this;
    const i = this.i;
    if (char === '\\' && ASCII_PUNCTUATION.includes(text[i + 1] ?? ' ')) {
      this.pushText(text[i + 1]!);
      this.i += 2;
    } else if (char === '\n') {
      this.pieces.push({ kind: 'break' });
      this.i++;
    } else if (char === '`') this.codeSpan();
    else if (char === '*' || char === '_' || char === '~') this.delimiter(char);
    else if ((char === '[' || (char === '!' && text[i + 1] === '[')) && this.inlineLink()) {
      // read
    } else if (char === '<' && this.angleBracket()) {
      // read
    } else if (char === '&' && this.entity()) {
      // read
    } else if (char === 'h' && this.bareUrl()) {
      // read
    } else {
      this.pushText(char);
      this.i++;
    }
  }

  private codeSpan() {
    const start = this.i;
    while (this.text[this.i] === '`') this.i++;
    const length = this.i - start;
    const end = this.backticks.closing(length, start);
    if (end === -1) {
      this.pushText('`'.repeat(length));
      return;
    }
    let code = this.text.slice(this.i, end).replaceAll('\n', ' ');
    if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '')
      code = code.slice(1, -1);
    this.pushText(code, true);
    this.i = end + length;
  }

  private delimiter(char: string) {
    const { text } = this;
    const start = this.i;
    while (text[this.i] === char) this.i++;
    const length = this.i - start;
    const before = text[start - 1];
    const after = text[this.i];
    const leftFlanking =
      !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
    const rightFlanking =
      !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
    // An underscore inside a word ('snake_case') neither opens nor closes.
    const canOpen = leftFlanking && (char !== '_' || !rightFlanking || isPunctuation(before));
    const canClose = rightFlanking && (char !== '_' || !leftFlanking || isPunctuation(after));
    const piece: DelimiterPiece = {
      kind: 'delimiter',
      char,
      length,
      roles: rolesOf(char, length),
      matched: [],
      canOpen,
      canClose,
    };
    if (this.link) piece.link = this.link.url;
    this.pieces.push(piece);
  }

  /** '[text](url)' or '![alt](src)' (an image is its alt text). False if the brackets make no link. */
  private inlineLink(): boolean {
    if (this.link) return false; // no link inside a link
    const image = this.text[this.i] === '!';
    const open = this.i + (image ? 1 : 0);
    const close = this.brackets.get(open);
    if (close === undefined || this.text[close + 1] !== '(') return false;
    const end = this.parens.get(close + 1);
    if (end === undefined) return false;
    const destination = this.text.slice(close + 2, end).trim();
    const url = (destination.split(/\s/, 1)[0] ?? '').replace(/^<(.*)>$/, '$1');
    if (image) {
      this.pushText(this.text.slice(open + 1, close));
      this.i = end + 1;
      return true;
    }
    if (close === open + 1) {
      this.pushText(url); // '[](url)': the address is the only text there is
      this.i = end + 1;
      return true;
    }
    this.link = { url, end: close, after: end + 1 };
    this.i = open + 1;
    return true;
  }

  /** '<https://…>' autolinks and '<br>' line breaks; other HTML is left as text. */
  private angleBracket(): boolean {
    LINE_BREAK_TAG.lastIndex = this.i;
    if (LINE_BREAK_TAG.test(this.text)) {
      this.pieces.push({ kind: 'break' });
      this.i = LINE_BREAK_TAG.lastIndex;
      return true;
    }
    if (this.link) return false;
    AUTOLINK.lastIndex = this.i;
    const match = AUTOLINK.exec(this.text);
    if (!match) return false;
    const url = match[1]!;
    this.pieces.push({ kind: 'text', text: url.replace(/^mailto:/i, ''), link: url });
    this.i = AUTOLINK.lastIndex;
    return true;
  }

  private entity(): boolean {
    ENTITY.lastIndex = this.i;
    const match = ENTITY.exec(this.text);
    if (!match) return false;
    const [, name, decimal, hex] = match;
    const code = decimal ? Number(decimal) : hex ? Number.parseInt(hex, 16) : undefined;
    const value = code !== undefined ? characterOf(code) : ENTITIES[name?.toLowerCase() ?? ''];
    if (value === undefined) return false;
    this.pushText(value);
    this.i = ENTITY.lastIndex;
    return true;
  }

  /** A bare 'https://…' address in the text, without the punctuation that ends its sentence. */
  private bareUrl(): boolean {
    if (this.link || /[\p{L}\p{N}]/u.test(this.text[this.i - 1] ?? ' ')) return false;
    BARE_URL.lastIndex = this.i;
    const match = BARE_URL.exec(this.text);
    if (!match) return false;
    const url = withoutTrailingPunctuation(match[0]);
    this.pieces.push({ kind: 'text', text: url, link: url });
    this.i += url.length;
    return true;
  }
}

/** A bare URL less the punctuation after it ('https://x.com.' ends a sentence); a ')' stays if '(' is in it. */
function withoutTrailingPunctuation(url: string): string {
  const keepParen = url.includes('(');
  let end = url.length;
  while (end > 0 && '.,;:!?\'")]*_~'.includes(url[end - 1]!)) {
    if (url[end - 1] === ')' && keepParen) break;
    end--;
  }
  return url.slice(0, end);
}

/** Pairs closing delimiters with the nearest opener of their kind; returns each piece's open formatting. */
function matchEmphasis(pieces: Piece[]): Array<Record<Role, number>> {
  const delta = pieces.map(() => ({ bold: 0, italic: 0, strike: 0 }));
  const delimiters = pieces.filter((p) => p.kind === 'delimiter').length;
  if (delimiters <= MAX_DELIMITERS) {
    const openers = new Map<string, number[]>();
    pieces.forEach((piece, index) => {
      if (piece.kind !== 'delimiter') return;
      for (const role of piece.roles) {
        const stack = openers.get(piece.char + role);
        const opener = piece.canClose ? stack?.pop() : undefined;
        if (opener !== undefined) {
          (pieces[opener] as DelimiterPiece).matched.push(role);
          piece.matched.push(role);
          delta[opener + 1]![role]++;
          delta[index]![role]--;
        } else if (piece.canOpen) {
          if (stack) stack.push(index);
          else openers.set(piece.char + role, [index]);
        }
      }
    });
  }
  // Running totals: how many matched pairs are open at each piece.
  const open = { bold: 0, italic: 0, strike: 0 };
  return delta.map((d) => {
    open.bold += d.bold;
    open.italic += d.italic;
    open.strike += d.strike;
    return { ...open };
  });
}

/** The spans of one block's inline Markdown, adjacent spans of one formatting merged. */
export function parseInline(text: string): Span[] {
  const pieces = new InlineScanner(text).scan();
  const formatting = matchEmphasis(pieces);
  const spans: Span[] = [];
  let lineBreak = false;
  pieces.forEach((piece, index) => {
    if (piece.kind === 'break') {
      lineBreak = true;
      return;
    }
    const format = formatting[index]!;
    const unmatched =
      piece.kind === 'delimiter'
        ? piece.length - piece.matched.reduce((n, role) => n + ROLE_LENGTH[role], 0)
        : 0;
    const content = piece.kind === 'text' ? piece.text : piece.char.repeat(Math.max(unmatched, 0));
    if (content === '') return;
    const span: Span = { text: content };
    if (format.bold > 0) span.bold = true;
    if (format.italic > 0) span.italic = true;
    if (format.strike > 0) span.strike = true;
    if (piece.kind === 'text' && piece.code) span.code = true;
    if (piece.link !== undefined) span.link = piece.link;
    if (lineBreak) span.break = true;
    lineBreak = false;
    const last = spans.at(-1);
    if (last && !span.break && sameFormat(last, span)) last.text += span.text;
    else spans.push(span);
  });
  return spans;
}

function sameFormat(a: Span, b: Span): boolean {
  return (
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.strike === b.strike &&
    a.code === b.code &&
    a.link === b.link
  );
}
