import { describe, expect, it } from 'vitest';
import { DOWNLOAD_RETRY_JITTER, downloadRetryDelayMs } from './retry-schedule.ts';

const middle = () => 0.5;

describe('downloadRetryDelayMs', () => {
  it('waits 5 s, 15 s and 60 s after the first three failures, then 5 minutes every time', () => {
    const delays = [1, 2, 3, 4, 5, 20, 1000].map((failures) => downloadRetryDelayMs(failures, middle));
    expect(delays).toEqual([5_000, 15_000, 60_000, 300_000, 300_000, 300_000, 300_000]);
  });

  it('moves each wait by at most the jitter share either way, and never past the cap', () => {
    for (const failures of [1, 2, 3, 4, 50]) {
      const base = downloadRetryDelayMs(failures, middle);
      expect(downloadRetryDelayMs(failures, () => 0)).toBe(base * (1 - DOWNLOAD_RETRY_JITTER));
      expect(downloadRetryDelayMs(failures, () => 0.999_999)).toBeLessThanOrEqual(
        base * (1 + DOWNLOAD_RETRY_JITTER),
      );
      expect(downloadRetryDelayMs(failures, () => 0.75)).toBe(base * (1 + DOWNLOAD_RETRY_JITTER / 2));
    }
    const seen = new Set(Array.from({ length: 50 }, () => downloadRetryDelayMs(4)));
    expect(seen.size).toBeGreaterThan(1);
    for (const delay of seen) {
      expect(delay).toBeGreaterThanOrEqual(240_000);
      expect(delay).toBeLessThanOrEqual(360_000);
    }
  });

  it('treats a count below one as the first failure and ignores a random number out of range', () => {
    expect(downloadRetryDelayMs(0, middle)).toBe(5_000);
    expect(downloadRetryDelayMs(-3, middle)).toBe(5_000);
    expect(downloadRetryDelayMs(1, () => 7)).toBe(6_000);
    expect(downloadRetryDelayMs(1, () => -1)).toBe(4_000);
  });
});
