import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from './retry-policy.ts';

/** docs/product.md §7: garbage collection after 5 minutes; retries follow retry-policy.ts. */
export const GC_TIME_MS = 5 * 60 * 1000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: GC_TIME_MS, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
