import type { GenerationProgress } from '#shared/generation-progress';
import { createSseParser, type SseEvent } from '#shared/sse-parser';
import { toGenerationProgress } from '#web/features/tools/lib/progress-event.ts';
import { ToolStreamError } from '#web/features/tools/lib/tool-error.ts';
import { apiFetch } from '#web/lib/api-client.ts';

export interface RunToolRequest {
  /** The catalogue's apiPath, e.g. '/api/explain-code'. */
  path: `/api/${string}`;
  body: Record<string, string> | FormData;
  signal?: AbortSignal;
  onDelta: (text: string) => void;
  /** A `progress` event: a document read, a long one's parts summarized (GenerationProgress). */
  onProgress?: (progress: GenerationProgress) => void;
  /** Any other event the server sends before `done` (e.g. the generation's id for Stop). */
  onEvent?: (event: SseEvent) => void;
  fetchImpl?: typeof fetch;
}

/** The `done` payload: the JSON reply's fields (`{<outputField>, historyId, status, matchReport?}`). */
export type ToolResult = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function eventPayload(event: SseEvent): Record<string, unknown> {
  const data = parseJson(event.data);
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/**
 * POST a tool request asking for server-sent events; calls `onDelta` as text arrives and resolves with
 * the `done` result. The call goes through the API client's request core (token, 401/403), so a
 * non-2xx throws ApiError; an `error` event ToolStreamError, and a stream
 * that ends without `done` a plain Error. A JSON reply (no streaming on the way) is accepted too.
 */
export async function runTool(request: RunToolRequest): Promise<ToolResult> {
  const { path, body, signal, onDelta, onProgress, onEvent, fetchImpl } = request;
  const response = await apiFetch(path, {
    method: 'POST',
    body,
    accept: 'text/event-stream',
    signal,
    fetchImpl,
  });

  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    const data = parseJson(await response.text());
    if (typeof data !== 'object' || data === null) throw new Error('The server sent an unreadable reply');
    return data as ToolResult;
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
          throw new ToolStreamError(code, message);
        } else onEvent?.(event);
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  throw new Error('The reply ended before the result arrived');
}

/**
 * The request body: JSON with the given fields, or a multipart form (doc summarizer, resume assistant)
 * whose document goes as the file part under its field's name. Blank text fields and an empty file
 * are left out (docs/product.md §5: text sent only if non-empty, the file only if its size is above 0).
 */
export function buildToolBody(
  transport: 'json' | 'multipart',
  values: Record<string, unknown>,
): Record<string, string> | FormData {
  const texts = Object.entries(values).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  if (transport === 'json') return Object.fromEntries(texts);
  const form = new FormData();
  for (const [name, value] of texts) form.append(name, value);
  for (const [name, value] of Object.entries(values)) {
    if (value instanceof Blob && value.size > 0) form.append(name, value, fileNameOf(value));
  }
  return form;
}

function fileNameOf(blob: Blob): string {
  return blob instanceof File ? blob.name : 'document';
}
