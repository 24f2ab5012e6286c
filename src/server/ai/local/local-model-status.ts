import { AppError } from '#server/errors';
import { DownloadError } from './model-download.ts';
import type { ModelSource } from './model-source.ts';

/**
 * How a failure is tried again: `automatic` (a download that stopped: network, server error, full disk),
 * on a timer and on the next tool request; `on-request` (needs the administrator: refused download,
 * wrong size or checksum, missing or unloadable file), on a tool request at most once a minute; `never`
 * (LOCAL_MODEL not understood: only a restart with another value helps).
 */
export type ModelRetry = 'automatic' | 'on-request' | 'never';

export type LocalModelStatus =
  | { state: 'idle' }
  | { state: 'downloading'; percent: number | null; receivedBytes: number; totalBytes: number | null }
  /** The file is there and verified; the model is not in memory and loads on the next request. */
  | { state: 'unloaded' }
  | { state: 'loading' }
  | { state: 'ready'; contextSize: number; threads: number; sequences: number }
  /** `reason` is redacted for display (no credentials, queries or directories); `retryAt` in epoch ms. */
  | { state: 'failed'; reason: string; retry: ModelRetry; retryAt: number | null };

export const CONFIGURE_HINT =
  'Configure a provider: set AI_PROVIDER and its API key (e.g. OPENAI_API_KEY), AI_BASE_URL and AI_MODEL for an OpenAI-compatible server such as Ollama, or LOCAL_MODEL to a GGUF file.';

/** The 503 of a tool request that finds no model: what the model is doing, or why there is none. */
export function modelUnavailableError(status: LocalModelStatus): AppError {
  if (status.state === 'downloading') {
    const percent = status.percent === null ? '' : ` (${status.percent} %)`;
    return new AppError('unavailable:model_downloading', `AI model is downloading${percent}`, {
      headers: { 'retry-after': '30' },
    });
  }
  if (status.state === 'failed') {
    return new AppError(
      'unavailable:model_missing',
      `No AI model is available: ${status.reason}. ${CONFIGURE_HINT}`,
    );
  }
  return new AppError('unavailable:model_loading', 'AI model is loading, please try again in a moment.', {
    headers: { 'retry-after': '5' },
  });
}

/** A one-line reason for the failed state: the download host and the network cause when there is one. */
export function describeFailure(err: unknown, source: ModelSource | Error): string {
  const message = err instanceof Error ? err.message : String(err);
  if (source instanceof Error || source.kind !== 'download' || err instanceof DownloadError) return message;
  if (message.startsWith('model download failed:')) return message; // names the address and the HTTP status
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? message;
  return `the model could not be downloaded from ${new URL(source.url).host} (${detail})`;
}
