import type { Mailbox } from '#shared/email-thread';
import { type Block, parseBlocks } from './markdown-blocks.ts';
import { parseInline } from './markdown-inline.ts';

/** An e-mail helper's answer as a draft to open in a mail app (issue 34, `?format=eml`). */
export interface EmlDraft {
  /** The sender, when known ('Ana Ruiz <ana@example.com>'); a mail app fills in its own otherwise. */
  from?: string;
  to: Mailbox[];
  cc: Mailbox[];
  subject: string;
  /** The answer: Markdown, written as plain text (`markdownAsPlainText`). */
  body: string;
  /** The Message-ID of the message replied to. */
  inReplyTo?: string | null;
  /** The References of the message replied to. */
  references?: string[];
}

/** A message id as headers carry it; anything else (a space, a line break) is left out. */
const MESSAGE_ID = /^<[^<>\s]+>$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: a header is one line: control characters out.
const CONTROL = /[\u0000-\u001f\u007f]+/g;

/**
 * The draft as an RFC 5322 message (nodemailer's MailComposer, loaded with the first draft: at rest the
 * server does without it): To, Cc, Subject, `In-Reply-To` the message replied to and `References` its
 * References then its Message-ID, so that a mail app files the draft in the thread; `X-Unsent: 1`, which
 * makes Outlook and Apple Mail open it as a draft to send; a Date and a Message-ID; the body as UTF-8
 * plain text. Mailboxes without an address are left out.
 */
export async function emlDraft(draft: EmlDraft, date: Date = new Date()): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const inReplyTo = draft.inReplyTo && MESSAGE_ID.test(draft.inReplyTo) ? draft.inReplyTo : undefined;
  const references = [...new Set([...(draft.references ?? []), ...(inReplyTo ? [inReplyTo] : [])])].filter(
    (id) => MESSAGE_ID.test(id),
  );
  const addresses = (mailboxes: Mailbox[]) =>
    mailboxes
      .filter((mailbox) => mailbox.address.trim() !== '')
      .map((mailbox) => ({ name: oneLine(mailbox.name), address: mailbox.address.trim() }));
  const message = new MailComposer({
    ...(draft.from ? { from: oneLine(draft.from) } : {}),
    to: addresses(draft.to),
    cc: addresses(draft.cc),
    subject: oneLine(draft.subject),
    ...(inReplyTo ? { inReplyTo } : {}),
    ...(references.length > 0 ? { references } : {}),
    date,
    headers: { 'X-Unsent': '1' },
    text: markdownAsPlainText(draft.body),
  });
  return message.compile().build();
}

function oneLine(text: string): string {
  return text.replace(CONTROL, ' ').trim();
}

/**
 * The answer's Markdown as the plain text of an e-mail: emphasis and code marks and headings' `#` taken
 * off ('**Friday**' → 'Friday'), a link as its text with its address after it, lists as '- ' and '1. '
 * lines, quotes as '> ' lines, table rows as cells between ' | '. Paragraphs a blank line apart, a
 * list's items one line apart. Linear, like the Markdown readers it uses (markdown-blocks.ts,
 * markdown-inline.ts).
 */
export function markdownAsPlainText(markdown: string): string {
  const blocks = parseBlocks(markdown);
  const numbers = new Map<number, number>();
  const lines: string[] = [];
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    if (previous) lines.push(block.kind === 'item' && previous.kind === 'item' ? '\n' : '\n\n');
    lines.push(blockText(block, numbers));
  });
  return lines.join('').trim();
}

function blockText(block: Block, numbers: Map<number, number>): string {
  switch (block.kind) {
    case 'heading':
      return inlineText(block.text);
    case 'paragraph':
      return indent(inlineText(block.text), '  '.repeat(block.depth ?? 0));
    case 'quote':
      return indent(inlineText(block.text), '> ');
    case 'item': {
      const number = numbers.get(block.list) ?? block.start;
      numbers.set(block.list, number + 1);
      const marker = block.ordered ? `${number}. ` : '- ';
      const depth = '  '.repeat(block.depth);
      return `${depth}${marker}${indent(inlineText(block.text), `${depth}${' '.repeat(marker.length)}`).trimStart()}`;
    }
    case 'code':
      return block.lines.join('\n');
    case 'rule':
      return '---';
    case 'table':
      return block.rows.map((row) => row.map(inlineText).join(' | ')).join('\n');
  }
}

/** Inline Markdown as text: a link's address follows its text unless the text is the address. */
function inlineText(markdown: string): string {
  const spans = parseInline(markdown);
  const parts: string[] = [];
  let linkText = '';
  spans.forEach((span, index) => {
    parts.push(span.break ? `\n${span.text}` : span.text);
    if (!span.link) return;
    linkText += span.text;
    if (spans[index + 1]?.link === span.link) return;
    const shown = span.link.replace(/^mailto:/, '');
    if (linkText.trim() !== shown) parts.push(` (${shown})`);
    linkText = '';
  });
  return parts.join('');
}

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');
}
