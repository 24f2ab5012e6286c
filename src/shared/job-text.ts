/**
 * How the job match reads text: lines of word tokens, and the phrases found among them. Every regular
 * expression here has no nested or adjacent ambiguous quantifiers, so each runs in time linear in its input
 * (hostile text of symbols or spaces cannot make it backtrack).
 */

/** One word as written, with the key terms are compared by. */
export interface Token {
  /** As written: 'Node.js', 'C++', 'Zürich'. */
  text: string;
  /** Lower case, a possessive or plural 's' dropped: 'node.j', 'c++', 'zürich'. */
  key: string;
  /** Offsets in the line. */
  start: number;
  end: number;
}

export interface Line {
  text: string;
  tokens: Token[];
}

/** A letter, digit or mark outside ASCII, read at one place (`lastIndex`). */
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/uy;

function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}

/** How many UTF-16 units the word character at i takes (1, or 2 for a surrogate pair), 0 if none is there. */
function wordCharAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code < 128) return isAsciiAlphanumeric(code) ? 1 : 0;
  if (Number.isNaN(code)) return 0; // past the end
  WORD_CHAR.lastIndex = i;
  return WORD_CHAR.test(text) ? WORD_CHAR.lastIndex - i : 0;
}

function skipWordChars(text: string, i: number): number {
  let end = i;
  for (let step = wordCharAt(text, end); step > 0; step = wordCharAt(text, end)) end += step;
  return end;
}

/** '.', an apostrophe or '’' between two word characters joins them: 'node.js', "driver's". */
function isJoiner(code: number): boolean {
  return code === 46 || code === 39 || code === 0x2019;
}

/** The key a word is compared by, the same for a job description, a resume and the skills dictionary. */
export function termKey(word: string): string {
  let key = word.toLowerCase();
  if (key.includes('’')) key = key.replaceAll('’', "'");
  if (key.endsWith("'s")) key = key.slice(0, -2);
  if (key.length >= 5 && key.endsWith('ies')) return `${key.slice(0, -3)}y`; // 'technologies'
  if (/\p{Lu}s$/u.test(word)) return key.slice(0, -1); // 'APIs', 'KPIs'
  // 'skills' is 'skill'; short words ('aws', 'ios') and 'ss'/'us'/'is' endings ('redis', 'analysis') stay.
  if (key.length >= 4 && key.endsWith('s')) {
    const before = key[key.length - 2];
    if (before !== 's' && before !== 'u' && before !== 'i') key = key.slice(0, -1);
  }
  return key;
}

/**
 * The words of a text. A word is letters, digits and marks, joined by inner dots or apostrophes
 * ('node.js', "driver's"), with a leading dot ('.NET') and a trailing '++' or '#' ('C++', 'C#').
 * Hyphens, slashes and '&' split words, so 'CI/CD', 'front-end' and 'FP&A' are phrases of two words.
 * A scan by hand: one pass, about four times faster than the equivalent Unicode regular expression.
 * `keys` caches each word's key across calls (a text repeats its words).
 */
export function tokenize(text: string, keys = new Map<string, string>()): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const start = i;
    if (wordCharAt(text, i) === 0) {
      i++;
      if (text.charCodeAt(start) !== 46 || wordCharAt(text, i) === 0) continue; // not '.NET'
    }
    i = skipWordChars(text, i);
    while (isJoiner(text.charCodeAt(i)) && wordCharAt(text, i + 1) > 0) i = skipWordChars(text, i + 1);
    if (text.startsWith('++', i)) i += 2;
    else if (text.charCodeAt(i) === 35) i++; // '#'
    const word = text.slice(start, i);
    let key = keys.get(word);
    if (key === undefined) {
      key = termKey(word);
      keys.set(word, key);
    }
    tokens.push({ text: word, key, start, end: i });
  }
  return tokens;
}

export function readLines(text: string): Line[] {
  const keys = new Map<string, string>();
  return text.split(/\r\n?|\n/).map((line) => ({ text: line, tokens: tokenize(line, keys) }));
}

/** What may stand between two words of one phrase: spaces and the joiners of 'CI/CD', 'FP&A', 'front-end'. */
function isPhraseGap(text: string, from: number, to: number): boolean {
  if (to - from > 3) return false;
  for (let i = from; i < to; i++) {
    if (!' \t\u00a0-/&'.includes(text[i] ?? '')) return false;
  }
  return true;
}

/** Characters a list line starts with, skipped when looking for the start of a sentence. */
const LIST_MARKS = ' \t\u00a0-*•·–—>#+';

/** Whether the word starts its line or a sentence ('Go to market.' rather than 'Python and Go.'). */
export function startsSentence(line: Line, index: number): boolean {
  const token = line.tokens[index];
  if (!token) return false;
  const previous = line.tokens[index - 1];
  const from = previous ? previous.end : 0;
  // Only the text since the previous word: a long run of spaces is read once, by this word alone.
  for (let i = token.start - 1; i >= from; i--) {
    const char = line.text[i] ?? '';
    if ('.!?:;'.includes(char)) return true;
    if (!LIST_MARKS.includes(char)) return false;
  }
  // Nothing but list marks before it: the first word of the line, or after a list number ('1.').
  return !previous || /^\d{1,3}$/.test(previous.text);
}

/**
 * A set of words' keys, from the words split by spaces. Marked pure, with its only argument a literal, so
 * a bundle that never calls the matcher drops the call and the words.
 */
export function wordSet(words: string): Set<string> {
  return new Set(
    words
      .split(/\s+/)
      .filter((word) => word !== '')
      .map(termKey),
  );
}

/** Words that follow 'Go', 'React' or 'Swift' used as English: 'go to market', 'react to feedback'. */
const ENGLISH_FOLLOWERS = /* @__PURE__ */ wordSet(
  'to ahead above beyond back out live through over further the a an on up down getter into from home far',
);

/** Words after 'Go' or 'Swift' that make even the first word of a sentence the language: 'Go developer'. */
const TECHNOLOGY_FOLLOWERS = /* @__PURE__ */ wordSet(
  'developer engineer programmer programming language code service microservice backend module',
);

/**
 * Whether a word that is also English ('Go', 'React', 'Swift', 'R', 'C') names the technology here: never
 * joined to a hyphen, '&' or apostrophe ('go-to', 'R&D', 'C-suite'), not followed by words English puts
 * after it ('Go to market'), and at the start of a sentence only as a list item ('Go, Rust').
 */
export function namesTechnology(line: Line, index: number): boolean {
  const token = line.tokens[index]!;
  const before = line.text[token.start - 1] ?? ' ';
  const after = line.text[token.end] ?? ' ';
  if ("-&'’".includes(after) || '-&'.includes(before)) return false;
  const previous = line.tokens[index - 1];
  // 'John R. Smith': a capital letter and a dot after a name is an initial.
  if (token.text.length === 1 && after === '.' && /^\p{Lu}/u.test(previous?.text ?? '')) return false;
  const next = line.tokens[index + 1];
  const gap = next ? line.text.slice(token.end, next.start) : '';
  if (next && gap.trim() === '' && ENGLISH_FOLLOWERS.has(next.key)) return false;
  if (!startsSentence(line, index) || TECHNOLOGY_FOLLOWERS.has(next?.key ?? '')) return true;
  const rest = line.text.slice(token.end, token.end + 8).trimStart();
  return rest === '' || ',/;()|'.includes(rest[0] ?? '');
}

/** A phrase to find: its words' keys, and for a word that is also English, the exact form it must have. */
export interface Phrase<T> {
  keys: readonly string[];
  value: T;
  /** One-word phrases only: the word must be written exactly so ('REST', not 'rest'). */
  exact?: string;
  /** With `exact`: the word is also English, so namesTechnology must agree too. */
  ambiguous?: boolean;
}

export interface PhraseMatch<T> {
  phrase: Phrase<T>;
  /** Index of its first and last token in the line. */
  first: number;
  last: number;
}

/** Phrases by their first word; at each word the longest phrase that fits wins ('JavaScript' over 'Java'). */
export class PhraseIndex<T> {
  private readonly byFirstKey = new Map<string, Phrase<T>[]>();

  constructor(phrases: Iterable<Phrase<T>>) {
    for (const phrase of phrases) {
      const first = phrase.keys[0];
      if (first === undefined) continue;
      const list = this.byFirstKey.get(first) ?? [];
      list.push(phrase);
      this.byFirstKey.set(first, list);
    }
    for (const list of this.byFirstKey.values()) list.sort((a, b) => b.keys.length - a.keys.length);
  }

  /** Phrases found in the line, left to right, none overlapping. */
  find(line: Line): PhraseMatch<T>[] {
    const found: PhraseMatch<T>[] = [];
    const { tokens } = line;
    for (let i = 0; i < tokens.length; i++) {
      const candidates = this.byFirstKey.get(tokens[i]!.key);
      if (candidates === undefined) continue;
      let phrase: Phrase<T> | undefined;
      for (const candidate of candidates) {
        if (this.fits(candidate, line, i)) {
          phrase = candidate;
          break;
        }
      }
      if (phrase === undefined) continue;
      const last = i + phrase.keys.length - 1;
      found.push({ phrase, first: i, last });
      i = last;
    }
    return found;
  }

  private fits(phrase: Phrase<T>, line: Line, first: number): boolean {
    const { tokens, text } = line;
    for (let k = 1; k < phrase.keys.length; k++) {
      const token = tokens[first + k];
      const previous = tokens[first + k - 1]!;
      if (token === undefined || token.key !== phrase.keys[k]) return false;
      if (!isPhraseGap(text, previous.end, token.start)) return false;
    }
    if (phrase.exact === undefined) return true;
    if (tokens[first]!.text !== phrase.exact) return false;
    return !phrase.ambiguous || namesTechnology(line, first);
  }
}
