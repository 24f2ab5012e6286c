import { QueryClient } from '@tanstack/react-query';
import { isClientError } from './api-client.ts';

export const MAX_RETRIES = 3;
export const GC_TIME_MS = 5 * 60 * 1000;

/** Spec §7: back off min(1000 · 2^n, 30000) ms, n counting from 0 for the first retry. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Up to three retries, none for a 4xx (the request itself is wrong; repeating will not help). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && !isClientError(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: GC_TIME_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
