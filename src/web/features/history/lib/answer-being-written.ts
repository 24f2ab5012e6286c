import type { ChatMessageResponse } from '#shared/history';

/** An answer of a chat being written, as far as the view needs it. */
export interface AnswerInProgress {
  /** The id the server saved the answer under (its `done` event), once it said so. */
  savedId: string | null;
}

/**
 * The answer being written that the chat view still shows on its own, or null once the chat as read
 * from the server holds it. Between the `done` event and the end of the chat's reading again, the
 * saved chat and the streamed answer would otherwise both show the same question and answer.
 */
export function answerBeingWritten<T extends AnswerInProgress>(
  pending: T | null,
  messages: readonly Pick<ChatMessageResponse, 'id'>[],
): T | null {
  if (!pending) return null;
  const { savedId } = pending;
  return savedId !== null && messages.some((message) => message.id === savedId) ? null : pending;
}

/** The saved answer's id in a chat answer's `done` result ({message: {id}}), if it has one. */
export function savedAnswerId(result: Record<string, unknown>): string | null {
  const message = result.message;
  if (typeof message !== 'object' || message === null) return null;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}
