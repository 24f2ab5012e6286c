import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, GC_TIME_MS, retryDelay, shouldRetry } from './query-client.ts';

describe('retryDelay', () => {
  it('doubles from one second', () => {
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);
  });
  it('is capped at thirty seconds', () => {
    expect(retryDelay(5)).toBe(30_000);
    expect(retryDelay(20)).toBe(30_000);
  });
});

describe('shouldRetry', () => {
  it('retries server and network errors three times', () => {
    const error = new ApiError(503, 'server:unavailable', 'down');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, error))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });
  it('never retries a 4xx', () => {
    for (const status of [400, 401, 403, 404, 429]) {
      expect(shouldRetry(0, new ApiError(status, 'x', 'y'))).toBe(false);
    }
  });
});

describe('createQueryClient', () => {
  it('applies the spec defaults', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.gcTime).toBe(GC_TIME_MS);
    expect(GC_TIME_MS).toBe(300_000);
    expect(options?.retry).toBe(shouldRetry);
    expect(options?.retryDelay).toBe(retryDelay);
  });
});
