import { isClientError } from './api-client.ts';

/** docs/product.md §7 retry policy, shared by the query cache and the auth session (which lives outside it). */
const MAX_RETRIES = 3;

/** Back off min(1000 · 2^n, 30000) ms, n counting from 0 for the first retry. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Up to three retries, none for a 4xx (the request itself is wrong; repeating will not help). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && !isClientError(error);
}

/** Runs `task` under the policy above, for calls made outside the query cache. */
export async function withRetries<T>(
  task: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await task();
    } catch (error) {
      if (!shouldRetry(failures, error)) throw error;
      await sleep(retryDelay(failures));
    }
  }
}
