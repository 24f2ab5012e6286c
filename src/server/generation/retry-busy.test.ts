import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import { retryWhileBusy } from './retry-busy.ts';

const busy = () => new AppError('unavailable:model_busy', 'busy');

describe('retryWhileBusy', () => {
  it('tries again while the line is full, then returns the answer', async () => {
    let calls = 0;
    const answer = await retryWhileBusy(
      async () => {
        calls += 1;
        if (calls < 3) throw busy();
        return 'done';
      },
      { signal: new AbortController().signal, attempts: 5, delayMs: 1 },
    );
    expect(answer).toBe('done');
    expect(calls).toBe(3);
  });

  it('gives up after its attempts, and never retries another failure', async () => {
    let calls = 0;
    const always = retryWhileBusy(
      async () => {
        calls += 1;
        throw busy();
      },
      { signal: new AbortController().signal, attempts: 3, delayMs: 1 },
    );
    await expect(always).rejects.toMatchObject({ code: 'unavailable:model_busy' });
    expect(calls).toBe(3);

    let other = 0;
    const failure = retryWhileBusy(
      async () => {
        other += 1;
        throw new AppError('bad_gateway:ai', 'provider down');
      },
      { signal: new AbortController().signal, attempts: 3, delayMs: 1 },
    );
    await expect(failure).rejects.toMatchObject({ code: 'bad_gateway:ai' });
    expect(other).toBe(1);
  });

  it('stops waiting when the run is stopped', async () => {
    const stopper = new AbortController();
    let calls = 0;
    const waiting = retryWhileBusy(
      async () => {
        calls += 1;
        throw busy();
      },
      { signal: stopper.signal, attempts: 100, delayMs: 60_000 },
    );
    setTimeout(() => stopper.abort(), 20);
    await expect(waiting).rejects.toMatchObject({ code: 'unavailable:model_busy' });
    expect(calls).toBe(1);
  });
});
