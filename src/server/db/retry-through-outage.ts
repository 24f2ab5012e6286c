import { setTimeout as sleep } from 'node:timers/promises';
import { isDatabaseOutage } from './database-outage.ts';

export interface RetryThroughOutageOptions {
  /** How long to keep trying from the first failure, in ms (what is kept in memory is bounded by it). */
  maxMs: number;
  /** The first wait; each next one doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Told of each failed attempt that will be retried (to log it). */
  onRetry?: (err: unknown, attempt: number, delayMs: number) => void;
}

/**
 * Runs `write` until it succeeds, retrying with exponential backoff (and jitter, so that many waiting
 * writes do not all hit a database coming back at the same instant) while the error is a database
 * outage (database-outage.ts) and `maxMs` has not passed. Any other error, or the last outage error,
 * is thrown. `write` must be safe to repeat: an attempt whose reply was lost may have been applied.
 */
export async function retryThroughOutage<T>(
  write: () => Promise<T>,
  options: RetryThroughOutageOptions,
): Promise<T> {
  const { maxMs, firstDelayMs = 250, maxDelayMs = 5_000, onRetry } = options;
  const giveUpAt = Date.now() + maxMs;
  let delayMs = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const wait = Math.round(delayMs * (0.75 + Math.random() * 0.5));
      if (!isDatabaseOutage(err) || Date.now() + wait > giveUpAt) throw err;
      onRetry?.(err, attempt, wait);
      await sleep(wait);
      delayMs = Math.min(maxDelayMs, delayMs * 2);
    }
  }
}
