import { z } from 'zod';

/**
 * What an answer carries beside its text (issue 34), saved with it and sent with it: in a tool's reply
 * and `done` event, and on the answer's message in its chat. Made by the server from the request and the
 * answer, never by the model:
 * - the resume assistant's check of every answer against the person's own resume (where each line comes
 *   from, and what the resume does not show: src/server/tools/resume-provenance.ts);
 * - the e-mail helper's headers of a draft (its subject, and for a reply to all its recipients).
 */

const lineNumber = z.number().int().min(1);

export const lineSourcesSchema = z.object({
  /** A line of the answer (1-based, as its text splits on line breaks). */
  line: lineNumber,
  /** The lines of the original resume it was drawn from (1-based); empty: none (a new summary line…). */
  sources: z.array(lineNumber),
});

export const unsupportedClaimSchema = z.object({
  line: lineNumber,
  /** The number, date, employer, title, degree, certificate or named skill, as the line reads. */
  text: z.string(),
  /** Why it is listed, for the person: 'This employer is not in your resume.' */
  reason: z.string(),
});

export type LineSources = z.infer<typeof lineSourcesSchema>;
export type UnsupportedClaim = z.infer<typeof unsupportedClaimSchema>;

export const answerDetailsSchema = z.object({
  provenance: z.array(lineSourcesSchema).optional().meta({
    description:
      'Resume assistant: for each non-blank line of the answer, the lines of the original resume (`original` of the chat) it comes from.',
  }),
  unsupported: z.array(unsupportedClaimSchema).optional().meta({
    description:
      'Resume assistant: every number, date, employer, title, degree, certificate or named tool or skill in the answer that the original resume does not show, with why. Nothing is removed: the person decides.',
  }),
  subject: z.string().optional().meta({
    description:
      'E-mail helper: the draft’s subject (“Re: …” or “Fwd: …” from the thread, else the one the model proposed).',
  }),
  to: z.array(z.string()).optional().meta({
    description: 'E-mail helper, reply to all: the addresses the draft goes to (the thread’s sender).',
  }),
  cc: z.array(z.string()).optional().meta({
    description:
      'E-mail helper, reply to all: the thread’s other recipients, without the person’s own address.',
  }),
});

export type AnswerDetails = z.infer<typeof answerDetailsSchema>;

/**
 * An answer's details as its chat keeps them: what the API shows, and what only the server uses (the
 * thread's message ids, for a draft's In-Reply-To and References).
 */
export type StoredAnswerDetails = AnswerDetails & { inReplyTo?: string; references?: string[] };

/** The details the API shows, from those a chat keeps. */
export function publicDetails(details: StoredAnswerDetails | null | undefined): AnswerDetails {
  if (!details) return {};
  const { inReplyTo: _, references: __, ...shown } = details;
  return shown;
}
