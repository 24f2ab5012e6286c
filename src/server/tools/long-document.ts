/**
 * Long texts cut to fit a model's context: a token estimate that errs on the high side for every
 * tokenizer (no tokenizer of the remote model is at hand), and a split along paragraph boundaries.
 */

/** Characters that take a token each or more in common tokenizers: CJK scripts, emoji and the like. */
const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Extended_Pictographic}]/gu;
/** Other text: English runs about 4 characters a token; 3 leaves room for code, numbers and other scripts. */
const CHARS_PER_TOKEN = 3;

export function estimateTokens(text: string): number {
  let wide = 0;
  for (const _ of text.matchAll(WIDE)) wide += 1;
  return wide + Math.ceil((text.length - wide) / CHARS_PER_TOKEN);
}

/**
 * The text in parts of at most `maxTokens` (estimated), each made of whole paragraphs where it can be:
 * a paragraph too long for one part is cut at line ends, then after sentences, and only a run of text
 * without any such break at the last space (or anywhere) before the limit. No text is lost or repeated,
 * only the whitespace where it is cut.
 */
export function splitIntoParts(text: string, maxTokens: number): string[] {
  const limit = Math.max(1, Math.floor(maxTokens));
  const pieces = text
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .flatMap((paragraph) => cutToFit(paragraph, limit));
  const parts: string[] = [];
  let current: string[] = [];
  let currentTokens = 0;
  for (const piece of pieces) {
    const tokens = estimateTokens(piece) + 1; // the blank line between paragraphs
    if (current.length > 0 && currentTokens + tokens > limit) {
      parts.push(current.join('\n\n'));
      current = [];
      currentTokens = 0;
    }
    current.push(piece);
    currentTokens += tokens;
  }
  if (current.length > 0) parts.push(current.join('\n\n'));
  return parts;
}

/** One paragraph as pieces that each fit: whole if it does, else cut at lines, sentences, spaces. */
function cutToFit(paragraph: string, limit: number): string[] {
  if (estimateTokens(paragraph) < limit) return [paragraph];
  const lines = paragraph.split('\n');
  if (lines.length > 1) return packed(lines, '\n', limit);
  const sentences = paragraph.split(/(?<=[.!?。！？])\s+/u);
  if (sentences.length > 1) return packed(sentences, ' ', limit);
  return hardCut(paragraph, limit);
}

/** Consecutive units joined while they fit; a unit too long on its own is cut further. */
function packed(units: string[], separator: string, limit: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const unit of units.flatMap((u) => cutToFit(u, limit))) {
    const joined = current === '' ? unit : `${current}${separator}${unit}`;
    if (current !== '' && estimateTokens(joined) >= limit) {
      out.push(current);
      current = unit;
    } else current = joined;
  }
  if (current !== '') out.push(current);
  return out;
}

/** Text without breaks, cut at the last space before each limit (or at the limit when it has none). */
function hardCut(text: string, limit: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (estimateTokens(rest) >= limit) {
    // Every character counts one token at most, so `limit - 1` characters always fit.
    let end = Math.max(1, limit - 1);
    while (end < rest.length && estimateTokens(rest.slice(0, end * 2)) < limit) end *= 2;
    end = Math.min(end, rest.length);
    let low = 1;
    let high = end;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (estimateTokens(rest.slice(0, mid)) < limit) low = mid;
      else high = mid - 1;
    }
    const space = rest.lastIndexOf(' ', low);
    let cut = space > low / 2 ? space : low;
    if (cut > 1 && /[\uD800-\uDBFF]/.test(rest.charAt(cut - 1))) cut -= 1; // never half a character
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest !== '') out.push(rest);
  return out;
}
