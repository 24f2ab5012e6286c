import PostalMime, { type Address, type Attachment, type Email } from 'postal-mime';
import {
  type EmailAttachment,
  type EmailThread,
  emailThreadText,
  type Mailbox,
  readableDate,
  splitQuotedHistory,
} from '#shared/email-thread';
import { documentErrors } from './document-errors.ts';
import { htmlToText } from './html-text.ts';
import { TextLimitReached } from './markdown-writer.ts';

/**
 * An e-mail message (.eml, issue 34), read in the extraction process like any document (ADR 0016): its
 * last message's headers, its plain-text part (else its HTML part made text, html-text.ts) split into the
 * message and the quoted history, and its attachments' names, types and sizes: never their contents
 * (a zip attached is never opened). Parsed by postal-mime within the limits below, which real mail stays
 * far inside and past which parsing would only cost the process time and memory.
 */
export const EML_LIMITS = {
  /** The headers of all its parts together (postal-mime's maxHeadersSize). */
  headerBytes: 256 * 1024,
  /** Multipart levels (postal-mime's maxNestingDepth). */
  nesting: 32,
  /**
   * Lines of the whole file: postal-mime keeps an object per line of a part that is not base64 (about
   * 0.5 KB each), so a file of short lines would reach the memory cap; a 20 MB attachment in base64 is
   * 270,000 lines.
   */
  lines: 500_000,
  /**
   * Attachments (and other parts past the text): a mail bomb of thousands of tiny parts is refused; a
   * real e-mail has a handful. Each is listed by name only, never read: an archive in one is never opened.
   */
  attachments: 500,
};

/** Header names that only an e-mail's header block has (at least one must be there). */
const MESSAGE_HEADERS = new Set([
  'from',
  'to',
  'cc',
  'subject',
  'date',
  'message-id',
  'sender',
  'mime-version',
]);
/** A reply's References keep the thread's first message and its latest ones, as mail clients trim them. */
const MAX_REFERENCES = 50;
/** RFC 5322's longest line: the most of a subject or name kept. */
const MAX_HEADER_TEXT = 998;
const MAX_NAME = 255;

/** The thread of an .eml, and its text as the model reads it (`emailThreadText`). */
export async function extractEml(
  bytes: Uint8Array,
  fileName: string,
  maxChars: number,
): Promise<{ text: string; email: EmailThread }> {
  const message = withoutMboxLine(bytes);
  if (!startsWithHeader(message)) {
    throw documentErrors.emailUnreadable(
      fileName,
      'it does not begin with the headers of an e-mail (From:, To:, Subject: …). Save the message from your mail app (“Save as” or “Download message”) and choose that file',
    );
  }
  if (countLines(message, EML_LIMITS.lines) > EML_LIMITS.lines) {
    throw documentErrors.emailUnreadable(
      fileName,
      `it has more than ${EML_LIMITS.lines.toLocaleString('en-US')} lines, more than an e-mail should`,
    );
  }
  const email = await parse(message, fileName);
  if (!email.headers.some((header) => MESSAGE_HEADERS.has(header.key))) {
    throw documentErrors.emailUnreadable(
      fileName,
      'it has none of the headers of an e-mail (From, To, Subject, Date)',
    );
  }
  if (email.attachments.length > EML_LIMITS.attachments) {
    throw documentErrors.emailUnreadable(
      fileName,
      `it has more than ${EML_LIMITS.attachments.toLocaleString('en-US')} attachments, more than an e-mail should`,
    );
  }
  const body = bodyOf(email);
  if (body.message.length + body.quoted.length > maxChars) throw new TextLimitReached();
  const thread: EmailThread = {
    subject: headerText(email.subject ?? '', MAX_HEADER_TEXT),
    from: mailboxes(email.from ? [email.from] : undefined)[0] ?? null,
    to: mailboxes(email.to),
    cc: mailboxes(email.cc),
    replyTo: mailboxes(email.replyTo),
    date: email.date ? readableDate(email.date) : null,
    messageId: messageIds(email.messageId ?? '')[0] ?? null,
    references: referencesOf(email),
    attachments: email.attachments.filter((attachment) => !attachment.related).map(attachmentOf),
    ...body,
  };
  const text = emailThreadText(thread);
  if (text.length > maxChars) throw new TextLimitReached();
  return { text, email: thread };
}

/**
 * Node's Blob joins its parts one native call at a time, and postal-mime makes one of every line of a
 * part that is not base64 (two parts a line): 3 million took 28 s. While it parses, in this process
 * that reads nothing else, its Blob is this plain join.
 */
class JoinedBytes {
  private readonly parts: readonly (ArrayBufferView | ArrayBuffer | string)[];

  constructor(parts: readonly (ArrayBufferView | ArrayBuffer | string)[] = []) {
    this.parts = parts;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const size = (part: ArrayBufferView | ArrayBuffer | string) =>
      typeof part === 'string' ? Buffer.byteLength(part) : part.byteLength;
    const joined = Buffer.alloc(this.parts.reduce((sum, part) => sum + size(part), 0));
    let offset = 0;
    for (const part of this.parts) {
      if (typeof part === 'string') joined.write(part, offset);
      else if (ArrayBuffer.isView(part))
        joined.set(new Uint8Array(part.buffer, part.byteOffset, part.byteLength), offset);
      else joined.set(new Uint8Array(part), offset);
      offset += size(part);
    }
    // A Buffer may share a larger pool: its own bytes only.
    return joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength) as ArrayBuffer;
  }
}

/** postal-mime's parse within EML_LIMITS, its refusals as the errors a person reads. */
async function parse(bytes: Uint8Array, fileName: string): Promise<Email> {
  const platformBlob = globalThis.Blob;
  globalThis.Blob = JoinedBytes as unknown as typeof Blob;
  try {
    return await PostalMime.parse(bytes, {
      maxHeadersSize: EML_LIMITS.headerBytes,
      maxNestingDepth: EML_LIMITS.nesting,
      // A message attached (a forward 'as attachment') is listed like any attachment, not parsed.
      forceRfc822Attachments: true,
      maxRfc822NestingDepth: 0,
    });
  } catch (err) {
    const message = (err as Error | undefined)?.message ?? '';
    if (/nesting depth/i.test(message)) {
      throw documentErrors.emailUnreadable(
        fileName,
        `its parts are nested more than ${EML_LIMITS.nesting} levels deep, more than an e-mail's should be`,
        err,
      );
    }
    if (/header size/i.test(message)) {
      throw documentErrors.emailUnreadable(
        fileName,
        `its headers take more than ${EML_LIMITS.headerBytes / 1024} KB, more than an e-mail's should`,
        err,
      );
    }
    throw err;
  } finally {
    globalThis.Blob = platformBlob;
  }
}

/** The message and quoted history: of the plain-text part, else of the HTML part made text. */
function bodyOf(email: Email): { message: string; quoted: string } {
  if (email.text !== undefined || email.html === undefined)
    return splitQuotedHistory(bodyText(email.text ?? ''));
  const html = htmlToText(email.html);
  // The part above the marked quote may still end in a history written as text (Outlook's 'From: … Sent:').
  const above = splitQuotedHistory(bodyText(html.message));
  const quoted = [above.quoted, bodyText(html.quoted)].filter(Boolean).join('\n\n');
  return { message: above.message, quoted };
}

// Control characters but tab and line feed: NUL cannot be stored in PostgreSQL's text, and none of them
// means anything to the model (a form feed would also read as a page break).
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const BODY_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]+/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same, line breaks included, for one line.
const LINE_CONTROL = /[\u0000-\u001f\u007f]+/g;

function bodyText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(BODY_CONTROL, '');
}

/** A header's text on one line, cut to `max` characters. */
function headerText(text: string, max: number): string {
  return text.replace(LINE_CONTROL, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
}

/** The mailboxes of postal-mime's addresses, groups' members in place, those without address or name left out. */
function mailboxes(addresses: Address[] | undefined): Mailbox[] {
  return (addresses ?? [])
    .flatMap((address) => address.group ?? [address])
    .map((mailbox) => ({
      name: headerText(mailbox.name, MAX_HEADER_TEXT),
      address: headerText(mailbox.address ?? '', MAX_HEADER_TEXT),
    }))
    .filter((mailbox) => mailbox.address !== '' || mailbox.name !== '');
}

/** The `<…>` message ids of a header, in order; an id written without its brackets gets them. */
function messageIds(value: string): string[] {
  const ids = value.match(/<[^<>\s]+>/g);
  if (ids) return ids;
  const bare = value.trim();
  return /^[^\s<>@]+@[^\s<>@]+$/.test(bare) ? [`<${bare}>`] : [];
}

/** Its References, else (as RFC 5322 says a reply then does) its In-Reply-To; the first and latest 49. */
function referencesOf(email: Email): string[] {
  const references = messageIds(email.references ?? '');
  const ids = references.length > 0 ? references : messageIds(email.inReplyTo ?? '');
  return ids.length <= MAX_REFERENCES ? ids : [ids[0] as string, ...ids.slice(-(MAX_REFERENCES - 1))];
}

function attachmentOf(attachment: Attachment): EmailAttachment {
  const type = headerText(attachment.mimeType, MAX_NAME).toLowerCase() || 'application/octet-stream';
  const named = headerText(attachment.filename ?? '', MAX_NAME);
  const content = attachment.content;
  return {
    name: named || (type === 'message/rfc822' ? 'attached message.eml' : 'unnamed attachment'),
    type,
    size: typeof content === 'string' ? content.length : content.byteLength,
  };
}

const LF = 0x0a;

/** An mbox export's 'From sender date' line above the headers, which some mail apps keep in an .eml. */
function withoutMboxLine(bytes: Uint8Array): Uint8Array {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const from = Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(5, bytes.byteLength - start));
  if (from.toString('latin1') !== 'From ') return bytes.subarray(start);
  const end = bytes.indexOf(LF, start);
  return end < 0 ? new Uint8Array(0) : bytes.subarray(end + 1);
}

/** Whether the first line is a header field: a name of printable ASCII, then ':' (RFC 5322 §2.2). */
function startsWithHeader(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.byteLength && i < 1000; i++) {
    const byte = bytes[i] as number;
    if (byte === 0x3a) return i > 0;
    if (byte < 0x21 || byte > 0x7e) return false;
  }
  return false;
}

/** Its lines, counted up to one past `max`. */
function countLines(bytes: Uint8Array, max: number): number {
  let lines = 0;
  for (let at = bytes.indexOf(LF); at >= 0 && lines <= max; at = bytes.indexOf(LF, at + 1)) lines++;
  return lines;
}
