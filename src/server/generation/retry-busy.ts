import { setTimeout as sleep } from 'node:timers/promises';
import { isAppError } from '#server/errors';

/** The local model's "no place in line" refusal (ai/generation-limiter.ts busyError). */
const BUSY_CODE = 'unavailable:model_busy';

export interface RetryWhileBusyOptions {
  signal: AbortSignal;
  /** Attempts in all, the first included. */
  attempts: number;
  delayMs: number;
}

/**
 * Runs `call`, and again after `delayMs` while the local model's line is full, up to `attempts` times
 * or until `signal` aborts. For the later calls of a run that has started (a long document's parts):
 * losing the parts done to a moment of contention would be worse than waiting for a place.
 */
export async function retryWhileBusy<T>(call: () => Promise<T>, options: RetryWhileBusyOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      const busy = isAppError(err) && err.code === BUSY_CODE;
      if (!busy || attempt >= options.attempts || options.signal.aborted) throw err;
      await sleep(options.delayMs, undefined, { signal: options.signal }).catch(() => {});
      if (options.signal.aborted) throw err;
    }
  }
}
