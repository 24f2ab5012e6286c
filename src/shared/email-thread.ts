import { formatMailboxes, type Mailbox, parseMailboxes, sameAddress } from './email-addresses.ts';
import { splitQuotedHistory } from './email-quotes.ts';

export { formatMailbox, formatMailboxes, type Mailbox, parseMailboxes } from './email-addresses.ts';
export { type QuoteSplit, splitQuotedHistory } from './email-quotes.ts';

/**
 * The e-mail a reply is written to (issue 34: the e-mail helper's 'Replying to'), read from a thread
 * pasted as text (`readPastedThread`) or from an .eml file (server: documents/extract-eml.ts). Its
 * headers are the last message's; `message` is that message's own text and `quoted` the history below
 * it. Zod-free and without Node APIs: the web and the server use it alike.
 */
export interface EmailThread {
  /** The last message's subject, as written ('' if none). */
  subject: string;
  /** The last message's sender. */
  from: Mailbox | null;
  to: Mailbox[];
  cc: Mailbox[];
  replyTo: Mailbox[];
  /** ISO 8601, when the date could be read. */
  date: string | null;
  /** `<…@…>` of the last message (an .eml's; a pasted thread has none). */
  messageId: string | null;
  /** Its References (message ids, in order), for the reply's References header. */
  references: string[];
  /** Listed, never read. */
  attachments: EmailAttachment[];
  /** The latest message's own text (plain), quoted history removed. */
  message: string;
  /** The quoted or forwarded history below it, as plain text ('' if none). */
  quoted: string;
}

export interface EmailAttachment {
  name: string;
  /** Its media type, as the message declares it. */
  type: string;
  /** Bytes, once decoded. */
  size: number;
}

// Reply and forward prefixes mail clients write, in several languages ('Re[2]:' and 'RE:' too). Sticky:
// each is matched where the one before ended, the subject never copied.
const REPLY_PREFIX =
  /\s*(?:re|aw|sv|vs|antw|odp|ynt|回复|答复|回覆)\s?(?:\[\d{1,4}\]|\(\d{1,4}\))?\s?[:：]\s*/iy;
const FORWARD_PREFIX =
  /\s*(?:fwd?|wg|tr|enc|rv|doorst|转发|轉寄)\s?(?:\[\d{1,4}\]|\(\d{1,4}\))?\s?[:：]\s*/iy;

/** The subject without any of the leading prefixes `prefix` matches ('Re: RE: AW: x' → 'x'). */
function withoutPrefixes(subject: string, prefix: RegExp): string {
  const text = subject.trim();
  let at = 0;
  for (;;) {
    prefix.lastIndex = at;
    const match = prefix.exec(text);
    if (!match) return text.slice(at);
    at += match[0].length;
  }
}

/**
 * A reply's subject: 'Re: ' once before the subject without its reply prefixes ('Re: Re: x', 'RE: x',
 * 'AW: x' → 'Re: x'). A forward's prefix is kept, as mail clients do ('Fwd: x' → 'Re: Fwd: x').
 */
export function replySubject(subject: string): string {
  return `Re: ${withoutPrefixes(subject, REPLY_PREFIX)}`.trim();
}

/** A forward's subject: 'Fwd: ' once before the subject without its forward prefixes ('Re: x' → 'Fwd: Re: x'). */
export function forwardSubject(subject: string): string {
  return `Fwd: ${withoutPrefixes(subject, FORWARD_PREFIX)}`.trim();
}

/**
 * Whom a reply to all goes to: `to` the sender (the Reply-To addresses when the message names them,
 * else its From), `cc` everyone else it was sent to (its To and Cc), without the person's own address
 * (compared without case), entries without an address, or anyone twice. Replying to all on one's own
 * message goes to its recipients as they were.
 */
export function replyAllRecipients(
  thread: EmailThread,
  ownAddress: string,
): { to: Mailbox[]; cc: Mailbox[] } {
  const seen = new Set<string>();
  const keep = (mailboxes: readonly Mailbox[]) =>
    mailboxes.filter((mailbox) => {
      const key = mailbox.address.trim().toLowerCase();
      if (key === '' || sameAddress(key, ownAddress) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const sender = thread.replyTo.length > 0 ? thread.replyTo : thread.from ? [thread.from] : [];
  const to = keep(sender);
  if (to.length > 0) return { to, cc: keep([...thread.to, ...thread.cc]) };
  return { to: keep(thread.to), cc: keep(thread.cc) };
}

/** A header line of the pasted message: the name (Outlook writes 'Sent:' for 'Date:', sometimes bold). */
const PASTED_HEADER =
  /^\s*\*?(From|To|Cc|Bcc|Reply-To|Subject|Date|Sent|Attachments|Importance)\*?\s?:\*?(.*)$/i;

/**
 * A thread pasted from a mail client, best effort: the header lines at its top (From:, To:, Cc:,
 * Reply-To:, Subject:, Date: or Sent:, a long one wrapped onto indented lines), then the latest message,
 * split from the quoted history (`splitQuotedHistory`). A paste without header lines is all message
 * and history. No message id, references or attachments: a paste has none to read.
 */
export function readPastedThread(text: string): EmailThread {
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const headers = new Map<string, string>();
  let i = 0;
  while (i < lines.length && (lines[i] as string).trim() === '') i++;
  let last = '';
  for (; i < lines.length; i++) {
    const line = lines[i] as string;
    const header = PASTED_HEADER.exec(line);
    if (header) {
      last = (header[1] as string).toLowerCase();
      if (last === 'sent') last = 'date';
      // A second one of a name is not this message's: it and its wrapped lines are passed over.
      if (headers.has(last)) last = '#';
      else headers.set(last, (header[2] as string).trim());
    } else if (last !== '' && /^[ \t]+\S/.test(line)) {
      if (last !== '#') headers.set(last, `${headers.get(last)} ${line.trim()}`);
    } else break;
  }
  if (i < lines.length && (lines[i] as string).trim() === '') i++;
  const { message, quoted } = splitQuotedHistory(lines.slice(i).join('\n'));
  const date = headers.get('date');
  return {
    subject: headers.get('subject') ?? '',
    from: parseMailboxes(headers.get('from') ?? '')[0] ?? null,
    to: parseMailboxes(headers.get('to') ?? ''),
    cc: parseMailboxes(headers.get('cc') ?? ''),
    replyTo: parseMailboxes(headers.get('reply-to') ?? ''),
    date: date === undefined ? null : readableDate(date),
    messageId: null,
    references: [],
    attachments: [],
    message,
    quoted,
  };
}

/**
 * A date as mail clients write it ('Tue, 4 Mar 2025 10:12:00 +0100', Outlook's 'Tuesday, March 4, 2025
 * 10:12 AM', Gmail's '… at 10:12 AM') in ISO 8601, or null. It must name its year: the platform's
 * parser otherwise reads a date into almost anything. One without a time zone is read in local time.
 */
export function readableDate(value: string): string | null {
  if (value.length > 200) return null;
  const year = /\b(?:19|20)\d\d\b/.exec(value);
  if (!year) return null;
  const time = Date.parse(value.replace(/\s+at\s+/i, ' ').replace(/\s+/g, ' '));
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  return Math.abs(date.getUTCFullYear() - Number(year[0])) <= 1 ? date.toISOString() : null;
}

/** Most attachment names the thread's text lists; the rest are counted. */
const LISTED_ATTACHMENTS = 50;

/**
 * The thread as the model reads it: a short header block (From, To, Cc, Date, Subject), the latest
 * message, the quoted history under 'Earlier in the thread:', and the attachments' names under
 * 'Attachments (not read):'. Parts the thread lacks are left out.
 */
export function emailThreadText(thread: EmailThread): string {
  const headers = [
    thread.from ? `From: ${formatMailboxes([thread.from])}` : '',
    thread.to.length > 0 ? `To: ${formatMailboxes(thread.to)}` : '',
    thread.cc.length > 0 ? `Cc: ${formatMailboxes(thread.cc)}` : '',
    thread.date ? `Date: ${new Date(thread.date).toUTCString()}` : '',
    thread.subject ? `Subject: ${thread.subject}` : '',
  ].filter(Boolean);
  const names = thread.attachments.slice(0, LISTED_ATTACHMENTS).map((attachment) => attachment.name);
  const more = thread.attachments.length - names.length;
  if (more > 0) names.push(`and ${more} more`);
  return [
    headers.join('\n'),
    thread.message,
    thread.quoted ? `Earlier in the thread:\n\n${thread.quoted}` : '',
    names.length > 0 ? `Attachments (not read): ${names.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}
