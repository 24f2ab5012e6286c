import {
  type ChatMessageResponse,
  chatMessageResponseSchema,
  type RewriteInstruction,
} from '#shared/history';
import { apiRequest } from '#web/lib/api-client.ts';
import { startedGenerationId, streamGeneration } from '#web/lib/generation-stream.ts';

function messagePath(chatId: string, messageId: string) {
  return `/history/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}` as const;
}

/** PUT /api/history/:id/messages/:messageId {content}: the edited answer, saved as its new version. */
export async function saveEditedAnswer(
  chatId: string,
  messageId: string,
  content: string,
): Promise<ChatMessageResponse> {
  const { data } = await apiRequest<{ message: ChatMessageResponse }>(messagePath(chatId, messageId), {
    method: 'PUT',
    body: { content },
  });
  return data.message;
}

/** How a rewrite ended: its new version saved, or stopped with nothing saved. */
export type RewriteResult = { status: 'complete'; message: ChatMessageResponse } | { status: 'stopped' };

/**
 * POST /api/history/:id/messages/:messageId/rewrite {instruction, selection?}, streamed: `onDelta`
 * gets the replacement as it is written, `onStarted` the generation's id (for Stop).
 */
export async function rewriteAnswer(
  chatId: string,
  messageId: string,
  request: { instruction: RewriteInstruction; selection?: { start: number; end: number } },
  handlers: {
    signal: AbortSignal;
    onDelta: (text: string) => void;
    onStarted: (generationId: string) => void;
  },
): Promise<RewriteResult> {
  const result = await streamGeneration({
    path: `/api${messagePath(chatId, messageId)}/rewrite`,
    body: request,
    signal: handlers.signal,
    onDelta: handlers.onDelta,
    onEvent: (event) => {
      const id = startedGenerationId(event);
      if (id) handlers.onStarted(id);
    },
  });
  if (result.status === 'stopped') return { status: 'stopped' };
  const message = chatMessageResponseSchema.safeParse(result.message);
  if (!message.success) throw new Error('The server sent an unreadable reply');
  return { status: 'complete', message: message.data };
}
