/**
 * When a failed model download is tried again: 5 s, 15 s and 60 s after the first three failures, then
 * every 5 minutes for as long as it keeps failing (a network that comes back is noticed within minutes,
 * and a machine left offline makes one small request every few minutes, not a stream of them).
 */
export const DOWNLOAD_RETRY_DELAYS_MS: readonly number[] = [5_000, 15_000, 60_000, 300_000];

/** Each wait is moved by up to this share either way, so instances that failed together do not retry together. */
export const DOWNLOAD_RETRY_JITTER = 0.2;

/**
 * The wait before the next attempt after `failures` failed attempts in a row (1 = the first failure),
 * jittered; `random` is a number in [0, 1).
 */
export function downloadRetryDelayMs(failures: number, random: () => number = Math.random): number {
  const steps = DOWNLOAD_RETRY_DELAYS_MS;
  const index = Math.min(Math.max(Math.floor(failures), 1), steps.length) - 1;
  const base = steps[index] ?? 0;
  const spread = base * DOWNLOAD_RETRY_JITTER;
  const jitter = (Math.min(Math.max(random(), 0), 1) * 2 - 1) * spread;
  return Math.round(base + jitter);
}
