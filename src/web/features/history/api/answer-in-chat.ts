import type { GenerationProgress } from '#shared/generation-progress';
import type { RunningGeneration } from '#shared/history';
import type { SseEvent } from '#shared/sse-parser';
import { withoutControlCharacters } from '#shared/text';
import { type GenerationResult, streamGeneration } from '#web/lib/generation-stream.ts';

/**
 * What a chat can be asked for: a follow-up, another version of its last answer, an edited first request,
 * a cover letter.
 */
export type ChatAnswerRequest =
  | { kind: 'follow-up'; content: string }
  | { kind: 'regenerate' }
  | { kind: 'edit'; input: Record<string, unknown> }
  /** A resume chat's cover letter (issue 34), written as a follow-up. */
  | { kind: 'cover-letter' }
  /** An answer already being written (found after a reload): followed, not started. */
  | { kind: 'follow'; generation: RunningGeneration };

const PATHS = {
  'follow-up': 'messages',
  regenerate: 'regenerate',
  edit: 'edit',
  'cover-letter': 'cover-letter',
} as const;

/**
 * POST /api/history/:id/messages {content}, /regenerate, /edit {fields} or /cover-letter, streamed, or a running one
 * followed: resolves with the `done` result ({message, historyId, status}).
 */
export function answerInChat(
  chatId: string,
  request: ChatAnswerRequest,
  handlers: {
    signal: AbortSignal;
    onDelta: (text: string) => void;
    onProgress?: (progress: GenerationProgress) => void;
    onEvent?: (event: SseEvent) => void;
  },
): Promise<GenerationResult> {
  if (request.kind === 'follow') {
    // GET /api/generations/:id/stream: what was written so far, then live.
    return streamGeneration({
      path: `/api/generations/${encodeURIComponent(request.generation.id)}/stream`,
      method: 'GET',
      ...handlers,
    });
  }
  const body =
    request.kind === 'follow-up'
      ? // A paste may carry control characters (a PDF's form feeds) that the server refuses.
        { content: withoutControlCharacters(request.content) }
      : request.kind === 'edit'
        ? request.input
        : undefined;
  return streamGeneration({
    path: `/api/history/${encodeURIComponent(chatId)}/${PATHS[request.kind]}`,
    body,
    ...handlers,
  });
}
