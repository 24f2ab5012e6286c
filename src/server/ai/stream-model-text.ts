import { setTimeout as sleep } from 'node:timers/promises';
import type {
  LanguageModelV3,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  SharedV3ProviderOptions,
} from '@ai-sdk/provider';
import type { GenerationSettings } from './ai-runtime.ts';
import {
  isRetryableProviderError,
  ProviderTimeoutError,
  retryAfterMs,
  toProviderAppError,
} from './provider-errors.ts';

/** One turn of a conversation the model continues: a request or an earlier answer. */
export interface ModelTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface ModelTextRequest {
  model: LanguageModelV3;
  system: string;
  /** One request, or a conversation ending with the request to answer. */
  prompt: string | readonly ModelTurn[];
  settings: GenerationSettings;
  /** Aborting stops the generation; the text so far stands (the caller decides it was stopped). */
  signal: AbortSignal;
  /** Passed to the model as is (the local model's queue ticket). */
  providerOptions?: SharedV3ProviderOptions;
  /** Called when the provider reports the tokens the call used (at its end; not every provider does). */
  onUsage?: (usage: TokenUsage) => void;
}

/** The tokens one model call used, as its provider reported them (undefined: not reported). */
export interface TokenUsage {
  inputTokens: number | undefined;
  outputTokens: number | undefined;
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
      // Straight to the provider's LanguageModelV3 stream: the AI SDK's streamText adds prompt
      // re-validation, telemetry spans and step handling that a single text completion does not need.
      const abortSignal = AbortSignal.any([signal, watchdog.signal]);
      const { stream } = await request.model.doStream({
        prompt: [{ role: 'system', content: request.system }, ...modelTurns(request.prompt)],
        maxOutputTokens: settings.maxOutputTokens,
        providerOptions: request.providerOptions,
        abortSignal,
      });
      // Cancelling ends a pending read at once, even with a provider that ignores the abort signal.
      const reader = stream.getReader();
      const cancel = () => void reader.cancel().catch(() => {});
      if (abortSignal.aborted) cancel();
      abortSignal.addEventListener('abort', cancel, { once: true });
      try {
        for (let next = await reader.read(); !next.done; next = await reader.read()) {
          const part: LanguageModelV3StreamPart = next.value;
          if (part.type === 'text-delta' && part.delta) {
            arm();
            received = true;
            yield part.delta;
          } else if (part.type === 'finish') {
            request.onUsage?.({
              inputTokens: part.usage?.inputTokens?.total,
              outputTokens: part.usage?.outputTokens?.total,
            });
          } else if (part.type === 'error') {
            throw part.error;
          }
        }
      } finally {
        abortSignal.removeEventListener('abort', cancel);
        if (!abortSignal.aborted) cancel(); // a consumer that stops early frees the connection
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

function modelTurns(prompt: string | readonly ModelTurn[]): LanguageModelV3Prompt {
  const turns = typeof prompt === 'string' ? [{ role: 'user' as const, content: prompt }] : prompt;
  return turns.map(({ role, content }) => ({ role, content: [{ type: 'text', text: content }] }));
}
