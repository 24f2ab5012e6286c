import { isApiErrorBody } from '../../../../shared/api-error.ts';
import { ApiError, handleUnauthorized } from '../../../lib/api-client.ts';
import { tokenStore } from '../../../lib/token-store.ts';
import { createSseParser, type SseEvent } from '../lib/sse-parser.ts';
import { ToolStreamError } from '../lib/tool-error.ts';

export interface RunToolRequest {
  /** The catalogue's apiPath, e.g. '/api/explain-code'. */
  path: string;
  body: Record<string, string> | FormData;
  signal?: AbortSignal;
  onDelta: (text: string) => void;
  /** Any other event the server sends before `done` (e.g. the generation's id for Stop). */
  onEvent?: (event: SseEvent) => void;
  fetchImpl?: typeof fetch;
}

/** The `done` payload: the JSON reply's fields (`{<outputField>, historyId}`). */
export type ToolResult = Record<string, unknown>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function failFromResponse(response: Response): Promise<never> {
  if (response.status === 401 || response.status === 403) void handleUnauthorized();
  const body = parseJson(await response.text().catch(() => ''));
  if (isApiErrorBody(body)) throw new ApiError(response.status, body.error.code, body.error.message);
  throw new ApiError(response.status, 'unknown', '');
}

function eventPayload(event: SseEvent): Record<string, unknown> {
  const data = parseJson(event.data);
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/**
 * POST a tool request asking for server-sent events; calls `onDelta` as text arrives and resolves with
 * the `done` result. A non-2xx throws ApiError, an `error` event ToolStreamError, and a stream
 * that ends without `done` a plain Error. A JSON reply (no streaming on the way) is accepted too.
 */
export async function runTool(request: RunToolRequest): Promise<ToolResult> {
  const { path, body, signal, onDelta, onEvent, fetchImpl = fetch } = request;
  const headers = new Headers({ accept: 'text/event-stream' });
  // Renew first if the timer ran late (e.g. the laptop slept), as every other API call does.
  await tokenStore.ensureFresh();
  const token = tokenStore.get();
  if (token) headers.set('authorization', `Bearer ${token}`);
  const isForm = body instanceof FormData;
  if (!isForm) headers.set('content-type', 'application/json');

  const response = await fetchImpl(path, {
    method: 'POST',
    headers,
    body: isForm ? body : JSON.stringify(body),
    credentials: 'include',
    signal,
  });
  if (!response.ok) return failFromResponse(response);

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
        else if (event.event === 'done') return payload;
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
 * The request body: JSON with the given fields, or multipart text fields (doc summarizer, resume
 * assistant). Blank optional fields are left out (spec §5: sent only if non-empty).
 */
export function buildToolBody(
  transport: 'json' | 'multipart',
  values: Record<string, unknown>,
): Record<string, string> | FormData {
  const entries = Object.entries(values).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  if (transport === 'json') return Object.fromEntries(entries);
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}
