import { setTimeout as sleep } from 'node:timers/promises';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { streamText } from 'ai';
import type { GenerationSettings } from './ai-runtime.ts';
import {
  isRetryableProviderError,
  ProviderTimeoutError,
  retryAfterMs,
  toProviderAppError,
} from './provider-errors.ts';

export interface ModelTextRequest {
  model: LanguageModelV3;
  system: string;
  prompt: string;
  settings: GenerationSettings;
  /** Aborting stops the generation; the text so far stands (the caller decides it was stopped). */
  signal: AbortSignal;
}

/**
 * Streams the model's text. Before the first token, 429/5xx/connection failures are retried with
 * exponential backoff (honouring Retry-After); after it, or once retries are spent, the error surfaces as
 * an AppError. A watchdog fails the call when nothing arrives for `timeoutMs` (first token or between
 * tokens). When `signal` aborts, the stream simply ends.
 */
export async function* streamModelText(request: ModelTextRequest): AsyncGenerator<string, void, undefined> {
  const { settings, signal } = request;
  for (let attempt = 0; ; attempt++) {
    let received = false;
    const watchdog = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => watchdog.abort(new ProviderTimeoutError(settings.timeoutMs)),
        settings.timeoutMs,
      );
    };
    try {
      arm();
      const result = streamText({
        model: request.model,
        system: request.system,
        prompt: request.prompt,
        maxOutputTokens: settings.maxOutputTokens,
        maxRetries: 0,
        abortSignal: AbortSignal.any([signal, watchdog.signal]),
        onError: () => {}, // errors are read from the stream below
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text) {
          arm();
          received = true;
          yield part.text;
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          break;
        }
      }
      if (watchdog.signal.aborted && !signal.aborted) throw watchdog.signal.reason;
      return;
    } catch (err) {
      if (signal.aborted) return;
      const cause = watchdog.signal.aborted ? watchdog.signal.reason : err;
      if (received || attempt >= settings.maxRetries || !isRetryableProviderError(cause)) {
        throw toProviderAppError(cause);
      }
      const backoff = settings.retryDelayMs * 2 ** attempt;
      await sleep(retryAfterMs(cause, 30_000) ?? backoff, undefined, { signal }).catch(() => {});
      if (signal.aborted) return;
    } finally {
      clearTimeout(timer);
    }
  }
}
