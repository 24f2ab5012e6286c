/**
 * Long texts cut to fit a model's context: a token estimate that errs on the high side for common
 * tokenizers (no tokenizer of the remote model is at hand), and a split along paragraph boundaries.
 * Both are linear in the text's length: a 2-million-character document in any script splits in well
 * under a second, on the server's own thread.
 */

/** Latin-script text runs about 4 characters a token; 3 leaves room for code and numbers. */
const CHARS_PER_TOKEN = 3;
/**
 * From here on (Greek, Cyrillic, Arabic, Indic, Thai, CJK, emoji…) every UTF-16 unit counts a whole
 * token: byte-level tokenizers spend one to three tokens on such a character, rarely less than one.
 */
const FIRST_WIDE_CODE = 0x370;

/** Estimated tokens of `text` from `start` to `end`. */
function tokensIn(text: string, start = 0, end = text.length): number {
  let wide = 0;
  for (let i = start; i < end; i++) if (text.charCodeAt(i) >= FIRST_WIDE_CODE) wide += 1;
  return wide + Math.ceil((end - start - wide) / CHARS_PER_TOKEN);
}

export function estimateTokens(text: string): number {
  return tokensIn(text);
}

/**
 * The text in parts of at most `maxTokens` (estimated), each made of whole paragraphs where it can be:
 * a table too long for one part is cut between rows with its header row repeated in each piece; any
 * other paragraph too long for one part is cut at line ends, then after sentences, and only a run of
 * text without any such break at the last space (or anywhere) before the limit. No text is lost, and
 * nothing repeated but a long table's header; only the whitespace where it is cut.
 */
export function splitIntoParts(text: string, maxTokens: number): string[] {
  const limit = Math.max(2, Math.floor(maxTokens));
  const pieces = text
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .flatMap((paragraph) => cutToFit(paragraph, limit));
  return packed(pieces, '\n\n', limit);
}

/** A pipe table's separator line, `| --- | :---: |`: the line after its header row. */
const TABLE_RULE = /^\|(?:\s*:?-{3,}:?\s*\|)+\s*$/;

/**
 * A table too long for one piece, cut between rows, each piece a table of its own with the header row
 * repeated (so that every piece still says what its columns are); null for a paragraph that is not a
 * table, or whose header leaves too little room for its rows.
 */
function cutTable(paragraph: string, limit: number): string[] | null {
  const lines = paragraph.split('\n');
  if (lines.length < 3 || !lines[0]?.startsWith('|') || !TABLE_RULE.test(lines[1] ?? '')) return null;
  const head = `${lines[0]}\n${lines[1]}`;
  const room = limit - tokensIn(head) - 1;
  if (room < Math.max(20, limit / 4)) return null;
  const rows = lines.slice(2).flatMap((row) => cutToFit(row, room));
  return packed(rows, '\n', room).map((group) => `${head}\n${group}`);
}

/**
 * One paragraph as pieces that each fit: whole if it does; a table between rows, its header repeated;
 * else cut at lines, sentences, spaces.
 */
function cutToFit(paragraph: string, limit: number): string[] {
  if (tokensIn(paragraph) <= limit) return [paragraph];
  const table = cutTable(paragraph, limit);
  if (table) return table;
  const lines = paragraph.split('\n');
  if (lines.length > 1)
    return packed(
      lines.flatMap((line) => cutToFit(line, limit)),
      '\n',
      limit,
    );
  const sentences = paragraph.split(/(?<=[.!?])\s+|(?<=[。！？])/u).filter((s) => s !== '');
  if (sentences.length > 1)
    return packed(
      sentences.flatMap((sentence) => cutToFit(sentence, limit)),
      ' ',
      limit,
    );
  return hardCut(paragraph, limit);
}

/**
 * Consecutive units (each within the limit) joined by `separator` while they fit, counting each unit's
 * tokens once: the separator is counted as a token of its own, so a group never passes the limit.
 */
function packed(units: string[], separator: string, limit: number): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let tokens = 0;
  for (const unit of units) {
    const unitTokens = tokensIn(unit);
    if (current.length > 0 && tokens + 1 + unitTokens > limit) {
      out.push(current.join(separator));
      current = [];
      tokens = 0;
    }
    tokens += (current.length > 0 ? 1 : 0) + unitTokens;
    current.push(unit);
  }
  if (current.length > 0) out.push(current.join(separator));
  return out;
}

/**
 * Text without breaks, walked once: each piece ends where the next character would pass the limit,
 * moved back to the last space in its second half if there is one, never inside a surrogate pair.
 */
function hardCut(text: string, limit: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = start;
    let wide = 0;
    while (end < text.length) {
      const nextWide = wide + (text.charCodeAt(end) >= FIRST_WIDE_CODE ? 1 : 0);
      if (nextWide + Math.ceil((end + 1 - start - nextWide) / CHARS_PER_TOKEN) > limit) break;
      wide = nextWide;
      end += 1;
    }
    if (end === start) end = start + 1; // a limit below one character: one character a piece
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > start + (end - start) / 2) end = space;
      const code = text.charCodeAt(end - 1);
      if (end - start > 1 && code >= 0xd800 && code <= 0xdbff) end -= 1;
    }
    const piece = text.slice(start, end).trim();
    if (piece !== '') out.push(piece);
    start = end;
  }
  return out;
}
