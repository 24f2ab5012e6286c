/**
 * Where an e-mail's own text ends and the history it quotes begins (issue 34), for a thread pasted from
 * a mail client and for the text of an .eml (server: documents/extract-eml.ts) alike. Best effort on
 * what mail clients write. Each line is tested on its own, by anchored regexes without nested or
 * overlapping repetition and only on lines of a bounded length where they search, so the whole is
 * linear in the text's length (pasted threads reach 100,000 characters, an .eml's text millions).
 * Zod-free and without Node APIs (the web uses it too).
 */

/** An attribution line is short; longer lines are not tested for one (and no regex runs on them). */
const MAX_ATTRIBUTION = 400;
/**
 * 'On Tue, 4 Mar 2025 at 10:12, Ana Ruiz <ana@example.com> wrote:' and its translations ('Am … schrieb
 * Ana Ruiz:'): a line that begins so, has the verb and ends with a colon.
 */
const ATTRIBUTION_START = /^\s*(?:On|Am|Le|El|Op|Il|Em|Den|På|W dniu)\s/i;
const ATTRIBUTION_VERB =
  /\b(?:wrote|writes|schrieb|a écrit|escribió|schreef|ha scritto|escreveu|skrev|napisał)/i;
/** '-----Original Message-----', '---------- Forwarded message ---------' and their translations. */
const SEPARATOR =
  /^\s*-{2,}\s*(?:Original Message|Forwarded message|Ursprüngliche Nachricht|Weitergeleitete Nachricht|Message d['’]origine|Message transféré|Mensaje original|Mensaje reenviado|Messaggio originale|Messaggio inoltrato|Oorspronkelijk bericht|Doorgestuurd bericht)\s*-{2,}\s*$/i;
/** Apple Mail's forward. */
const BEGIN_FORWARDED = /^\s*Begin forwarded message:\s*$/i;
/** Outlook's rule above the quoted message's headers. */
const RULE = /^\s*_{8,}\s*$/;
/** The first line of Outlook's block of the quoted message's headers ('From: …', bold '*From:*' too). */
const BLOCK_FROM = /^\s*\*?(?:From|Von|De|Van|Da|Från|Fra)\s?:\*?\s/i;
/** What follows it within a few lines: 'Sent:' (or 'Date:'), 'To:', 'Subject:'. */
const BLOCK_NEXT =
  /^\s*\*?(?:Sent|Date|To|Subject|Gesendet|Datum|An|Betreff|Envoyé|Objet|Enviado|Fecha|Asunto|Inviato|Oggetto|Verzonden|Onderwerp)\s?:\*?/i;
/** Or on the same line, when the block was pasted as one ('From: Ana … Sent: Tuesday …'). */
const SENT_INLINE = /\s\*?(?:Sent|Gesendet|Envoyé|Enviado|Inviato|Verzonden)\s?:\*?\s/i;

export interface QuoteSplit {
  /** The latest message's own text, trimmed. */
  message: string;
  /** The history below it, trimmed; '' if none. */
  quoted: string;
}

/**
 * Splits an e-mail's text at the first of: an attribution ('On … wrote:', also wrapped over two lines),
 * '-----Original Message-----', a forwarded message's separator, Outlook's 'From: … Sent: …' block (with
 * the rule above it), or the block of '>' lines that ends the text (with a 'Ana wrote:' line above it).
 * '>' lines followed by the person's own text are an interleaved reply, kept in the message; so is an
 * attribution at the very top whose quote the person answers line by line.
 */
export function splitQuotedHistory(text: string): QuoteSplit {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let split = firstMarker(lines, 0);
  const trailing = trailingQuote(lines);
  if (trailing !== null && (split === null || trailing < split)) split = trailing;
  if (split === null) return { message: text.trim(), quoted: '' };
  let message = lines.slice(0, split).join('\n').trim();
  if (message === '' && isInterleaved(lines, split)) {
    // The person answers the quote in place: what they wrote is the message, up to a history below.
    split = firstMarker(lines, split + 1) ?? lines.length;
    message = lines.slice(0, split).join('\n').trim();
  }
  return { message, quoted: lines.slice(split).join('\n').trim() };
}

/** The first line at or after `from` that begins quoted history (a '>' block aside), or null. */
function firstMarker(lines: readonly string[], from: number): number | null {
  for (let i = from; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.length > MAX_ATTRIBUTION || line.trim() === '') continue;
    if (SEPARATOR.test(line) || BEGIN_FORWARDED.test(line)) return i;
    if (ATTRIBUTION_START.test(line)) {
      if (isAttributed(line)) return i;
      const next = lines[i + 1] ?? '';
      if (next.length <= MAX_ATTRIBUTION && isAttributed(`${line} ${next}`)) return i;
    }
    if (BLOCK_FROM.test(line) && (SENT_INLINE.test(line) || blockFollows(lines, i))) {
      return ruleAbove(lines, i);
    }
  }
  return null;
}

/** Whether a (short) line has an attribution's verb and ends with a colon: 'Ana Ruiz wrote:'. */
function isAttributed(line: string): boolean {
  const end = line.trimEnd();
  return (end.endsWith(':') || end.endsWith('：')) && ATTRIBUTION_VERB.test(end);
}

/** Whether a header line of Outlook's block ('Sent:', 'To:' …) follows within three lines. */
function blockFollows(lines: readonly string[], from: number): boolean {
  for (let i = from + 1; i <= from + 3 && i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.length <= MAX_ATTRIBUTION && BLOCK_NEXT.test(line)) return true;
  }
  return false;
}

/** The rule (or '-----' line) just above Outlook's block, part of the history; else the block itself. */
function ruleAbove(lines: readonly string[], block: number): number {
  const above = previousFilled(lines, block);
  if (above === null) return block;
  const line = lines[above] as string;
  return line.length <= MAX_ATTRIBUTION && (RULE.test(line) || /^\s*-{5,}\s*$/.test(line)) ? above : block;
}

/** The index of the nearest non-blank line above `index`, or null. */
function previousFilled(lines: readonly string[], index: number): number | null {
  for (let i = index - 1; i >= 0; i--) if ((lines[i] as string).trim() !== '') return i;
  return null;
}

const isQuoteLine = (line: string) => line.trimStart().startsWith('>');

/**
 * Where the run of '>' lines (and blank ones) that ends the text begins, moved up to a 'Ana wrote:'
 * line just above it; null when the text does not end in quoted lines.
 */
function trailingQuote(lines: readonly string[]): number | null {
  let start: number | null = null;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as string;
    if (isQuoteLine(line)) start = i;
    else if (line.trim() !== '') break;
  }
  if (start === null) return null;
  const above = previousFilled(lines, start);
  if (above === null) return start;
  const line = lines[above] as string;
  return line.length <= MAX_ATTRIBUTION && isAttributed(line) ? above : start;
}

/** Whether, after an attribution at `split`, the person's own lines come between '>' lines. */
function isInterleaved(lines: readonly string[], split: number): boolean {
  let quoteSeen = false;
  const end = firstMarker(lines, split + 1) ?? lines.length;
  for (let i = split + 1; i < end; i++) {
    const line = lines[i] as string;
    if (isQuoteLine(line)) quoteSeen = true;
    else if (quoteSeen && line.trim() !== '') return true;
  }
  return false;
}
