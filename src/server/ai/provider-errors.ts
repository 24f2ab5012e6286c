import { APICallError } from '@ai-sdk/provider';
import { AppError, isAppError } from '#server/errors';

/** Thrown by the watchdog when the provider sends nothing for too long. */
export class ProviderTimeoutError extends Error {
  constructor(ms: number) {
    super(`no data from the AI provider for ${ms} ms`);
    this.name = 'ProviderTimeoutError';
  }
}

/** 429 and 5xx answers, and failures to connect at all, are worth another try before the first token. */
export function isRetryableProviderError(err: unknown): boolean {
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    return status === undefined
      ? isConnectionFailure(err.cause)
      : status === 429 || status >= 500 || err.isRetryable;
  }
  return isConnectionFailure(err);
}

/** How long the provider asked us to wait (Retry-After), capped; undefined when it did not say. */
export function retryAfterMs(err: unknown, capMs: number): number | undefined {
  if (!APICallError.isInstance(err)) return undefined;
  const headers = err.responseHeaders ?? {};
  const ms = Number(headers['retry-after-ms']);
  if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, capMs);
  const seconds = Number(headers['retry-after']);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, capMs);
  return undefined;
}

/** Any provider failure as an AppError with a message the user may see; details stay in the cause. */
export function toProviderAppError(err: unknown): AppError {
  if (isAppError(err)) return err;
  if (err instanceof ProviderTimeoutError) {
    return new AppError('timeout:ai', 'The AI provider did not answer in time. Please try again.', {
      cause: err,
    });
  }
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status === 429) {
      return new AppError(
        'unavailable:ai_rate_limited',
        'The AI provider is receiving too many requests. Please try again in a minute.',
        {
          cause: err,
          headers: { 'retry-after': '30' },
        },
      );
    }
    if (status === 401 || status === 403) {
      return new AppError(
        'bad_gateway:ai_credentials',
        'The AI provider refused the server’s credentials. Ask the administrator to check the API key.',
        {
          cause: err,
        },
      );
    }
    if (status === undefined) return unreachable(err);
    return new AppError('bad_gateway:ai', 'The AI provider returned an error. Please try again.', {
      cause: err,
    });
  }
  if (isConnectionFailure(err)) return unreachable(err);
  return new AppError('bad_gateway:ai', 'The AI model failed to answer. Please try again.', { cause: err });
}

function unreachable(cause: unknown): AppError {
  return new AppError(
    'unavailable:ai_unreachable',
    'The AI provider cannot be reached right now. Please try again later.',
    {
      cause,
    },
  );
}

function isConnectionFailure(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|UND_ERR_SOCKET|UND_ERR_CONNECT_TIMEOUT)$/.test(
        code,
      )
    )
      return true;
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
  }
  return false;
}
