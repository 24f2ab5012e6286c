import type { StoredAnswerDetails } from '#shared/answer-details';
import {
  type EmailThread,
  forwardSubject,
  readPastedThread,
  replyAllRecipients,
  replySubject,
} from '#shared/email-thread';
import type { EMAIL_INTENTS } from '#shared/tools';
import type { AnswerContext, ToolDocument } from './server-tool.ts';

/**
 * The e-mail helper's headers of a draft (issue 34), made on the server from the thread, never by the
 * model: the subject ("Re: …" / "Fwd: …" from the thread's, or the one the model proposed for a new
 * mail), for a reply its sender and for a reply to all the thread's other recipients less the person's
 * own address, and the thread's message ids that file the draft in the thread (In-Reply-To, References).
 */

type Intent = (typeof EMAIL_INTENTS)[number];

/** The thread a request answers: its .eml file's, else the one pasted in 'Replying to'. */
export function threadOf(input: Record<string, unknown>, document: ToolDocument | null): EmailThread | null {
  if (document?.email) return document.email;
  return typeof input.thread === 'string' && input.thread.trim() !== ''
    ? readPastedThread(input.thread)
    : null;
}

export function intentOf(input: Record<string, unknown>): Intent {
  const { intent } = input;
  return intent === 'reply' || intent === 'reply-all' || intent === 'forward' ? intent : 'new';
}

/** The subject line a new mail's answer starts with ('**Subject:** …'), as the prompt asks. */
const SUBJECT_LINE = /^\s*[>*_#]*[ \t]*subject[ \t*_]*:[ \t*_]*([^\n]*)(?:\n+|$)/i;

/** The subject line the model was asked to write first ('**Subject:** …'), if it did. */
export function proposedSubject(answer: string): string | null {
  const subject = SUBJECT_LINE.exec(answer.slice(0, 2000))?.[1]
    ?.replace(/[*_]+$/, '')
    .trim();
  return subject ? subject : null;
}

/** The e-mail without the subject line it starts with (a draft's body: the subject is its header). */
export function withoutSubjectLine(answer: string): string {
  const match = SUBJECT_LINE.exec(answer.slice(0, 2000));
  return match ? answer.slice(match[0].length) : answer;
}

/** A draft's headers from its text and its chat's first request (see the top of this file). */
export function emailHeaders(answer: string, context: AnswerContext): StoredAnswerDetails {
  const intent = intentOf(context.input);
  const thread = threadOf(context.input, context.document);
  const proposed = proposedSubject(answer);
  if (intent === 'new' || !thread) {
    // A later answer of a reply's chat whose .eml is not read again keeps the headers it had.
    const previous = intent === 'new' ? null : context.previous;
    if (previous) return previous;
    return proposed ? { subject: proposed } : {};
  }
  const references = [...thread.references, ...(thread.messageId ? [thread.messageId] : [])];
  const threading = thread.messageId ? { inReplyTo: thread.messageId, references } : {};
  if (intent === 'forward') return { subject: forwardSubject(thread.subject || proposed || '') };
  const subject = replySubject(thread.subject || proposed || '');
  if (intent === 'reply-all') {
    const { to, cc } = replyAllRecipients(thread, context.ownAddress ?? '');
    return { subject, to: to.map((m) => m.address), cc: cc.map((m) => m.address), ...threading };
  }
  const sender = thread.replyTo[0] ?? thread.from;
  const own = context.ownAddress?.toLowerCase();
  const to = sender && sender.address.toLowerCase() !== own ? [sender.address] : [];
  return { subject, ...(to.length > 0 ? { to } : {}), ...threading };
}
