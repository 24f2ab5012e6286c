import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { retryDelay, shouldRetry, withRetries } from './retry-policy.ts';

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

describe('withRetries', () => {
  it('retries a failing call with the delays of docs/product.md §7, then returns its result', async () => {
    const slept: number[] = [];
    let calls = 0;
    const result = await withRetries(
      async () => {
        calls++;
        if (calls < 4) throw new TypeError('Failed to fetch');
        return 'ok';
      },
      async (ms) => {
        slept.push(ms);
      },
    );
    expect(result).toBe('ok');
    expect(slept).toEqual([1000, 2000, 4000]);
  });
  it('gives up after three retries and rethrows the last error', async () => {
    let calls = 0;
    const failing = withRetries(
      async () => {
        calls++;
        throw new ApiError(503, 'server:unavailable', `down ${calls}`);
      },
      async () => {},
    );
    await expect(failing).rejects.toThrow('down 4');
    expect(calls).toBe(4);
  });
  it('does not retry a 4xx', async () => {
    let calls = 0;
    const failing = withRetries(
      async () => {
        calls++;
        throw new ApiError(401, 'unauthorized:auth', 'no');
      },
      async () => {},
    );
    await expect(failing).rejects.toThrow('no');
    expect(calls).toBe(1);
  });
});
