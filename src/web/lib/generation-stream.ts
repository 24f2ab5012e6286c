import type { GenerationProgress } from '#shared/generation-progress';
import { createSseParser, type SseEvent } from '#shared/sse-parser';
import { apiFetch } from './api-client.ts';
import { toGenerationProgress } from './progress-event.ts';

/** The server reported a failure inside the event stream (`event: error`). */
export class GenerationStreamError extends Error {
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'GenerationStreamError';
    this.code = code;
  }
}

export interface GenerationStreamRequest {
  /** The API path that starts the generation: a tool's, or a chat's follow-up, regenerate or edit. */
  path: `/api/${string}`;
  /** POST starts a generation (the default); GET follows one already running. */
  method?: 'GET' | 'POST';
  body?: Record<string, unknown> | FormData;
  signal?: AbortSignal;
  onDelta: (text: string) => void;
  /** A `progress` event: a document read, a long one's parts summarized (GenerationProgress). */
  onProgress?: (progress: GenerationProgress) => void;
  /** Any other event the server sends before `done` (e.g. `start`, with the generation's id for Stop). */
  onEvent?: (event: SseEvent) => void;
  fetchImpl?: typeof fetch;
}

/** The `done` payload: the JSON reply's fields. */
export type GenerationResult = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function eventPayload(event: SseEvent): Record<string, unknown> {
  const data = parseJson(event.data);
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/**
 * POST asking for server-sent events; calls `onDelta` as text arrives and resolves with the `done`
 * result. The call goes through the API client's request core (token, 401/403), so a non-2xx throws
 * ApiError; an `error` event GenerationStreamError, and a stream that ends without `done` a plain
 * Error. A JSON reply (no streaming on the way) is accepted too.
 */
export async function streamGeneration(request: GenerationStreamRequest): Promise<GenerationResult> {
  const { path, method = 'POST', body, signal, onDelta, onProgress, onEvent, fetchImpl } = request;
  const response = await apiFetch(path, {
    method,
    body,
    accept: 'text/event-stream',
    signal,
    fetchImpl,
  });

  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    const data = parseJson(await response.text());
    if (typeof data !== 'object' || data === null) throw new Error('The server sent an unreadable reply');
    return data as GenerationResult;
  }
  if (!response.body) throw new Error('The server sent an empty reply');

  const parser = createSseParser();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const event of parser.feed(value)) {
        const payload = eventPayload(event);
        if (event.event === 'delta' && typeof payload.text === 'string') onDelta(payload.text);
        else if (event.event === 'progress') {
          const progress = toGenerationProgress(payload);
          if (progress) onProgress?.(progress);
        } else if (event.event === 'done') return payload;
        else if (event.event === 'error') {
          const code = typeof payload.code === 'string' ? payload.code : 'unknown';
          const message = typeof payload.message === 'string' ? payload.message : '';
          throw new GenerationStreamError(code, message);
        } else onEvent?.(event);
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  throw new Error('The reply ended before the result arrived');
}

/** The generation's id from a `start` event, for Stop. */
export function startedGenerationId(event: SseEvent): string | null {
  if (event.event !== 'start') return null;
  const id = eventPayload(event).generationId;
  return typeof id === 'string' ? id : null;
}
