import { describe, expect, it } from 'vitest';
import { createQueryClient, GC_TIME_MS } from './query-client.ts';
import { retryDelay, shouldRetry } from './retry-policy.ts';

describe('createQueryClient', () => {
  it('applies the defaults of docs/product.md', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.gcTime).toBe(GC_TIME_MS);
    expect(GC_TIME_MS).toBe(300_000);
    expect(options?.retry).toBe(shouldRetry);
    expect(options?.retryDelay).toBe(retryDelay);
  });
});
