import { type AnswerDetails, answerDetailsSchema } from '#shared/answer-details';

/**
 * An answer's details (a resume's check, an e-mail draft's headers: #shared/answer-details) from a reply
 * (the `done` event, the JSON reply, a saved chat's message), checked against the shared schema; null
 * when it has none or they do not read (an older server), and the screen then shows the answer alone.
 */
export function toAnswerDetails(value: unknown): AnswerDetails | null {
  if (typeof value !== 'object' || value === null) return null;
  const parsed = answerDetailsSchema.safeParse(value);
  if (!parsed.success) return null;
  const details = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  return Object.keys(details).length > 0 ? (details as AnswerDetails) : null;
}

/** The drafts of a reply's `variants` (`{messageId, <outputField>, …details}`); none unless two or more. */
export function toAnswerDrafts(
  value: unknown,
  outputField: string,
): { messageId: string; text: string; details: AnswerDetails | null }[] {
  if (!Array.isArray(value) || value.length < 2) return [];
  const drafts = value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const record = item as Record<string, unknown>;
    const text = record[outputField];
    if (typeof record.messageId !== 'string' || typeof text !== 'string') return [];
    return [{ messageId: record.messageId, text, details: toAnswerDetails(record) }];
  });
  return drafts.length === value.length ? drafts : [];
}
