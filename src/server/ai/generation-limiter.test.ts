import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { BUSY_MESSAGE, GenerationLimiter } from './generation-limiter.ts';

describe('GenerationLimiter', () => {
  it('runs up to the concurrency at once and starts waiters in order as slots free up', async () => {
    const limiter = new GenerationLimiter(1, 2);
    const order: string[] = [];
    const releaseA = await limiter.acquire();
    const b = limiter.acquire().then((release) => {
      order.push('b');
      return release;
    });
    const c = limiter.acquire().then((release) => {
      order.push('c');
      return release;
    });
    expect([limiter.active, limiter.queued]).toEqual([1, 2]);
    releaseA();
    const releaseB = await b;
    expect(order).toEqual(['b']);
    releaseB();
    (await c)();
    expect(order).toEqual(['b', 'c']);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it('turns callers away with 503 busy once the line is full', async () => {
    const limiter = new GenerationLimiter(1, 1);
    await limiter.acquire();
    void limiter.acquire();
    expect(limiter.full).toBe(true);
    const rejected = await limiter.acquire().catch((err: unknown) => err);
    expect(rejected).toBeInstanceOf(AppError);
    expect((rejected as AppError).statusCode).toBe(503);
    expect((rejected as AppError).message).toBe(BUSY_MESSAGE);
  });

  it('removes an aborted waiter from the line', async () => {
    const limiter = new GenerationLimiter(1, 1);
    const release = await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(limiter.queued).toBe(0);
    release();
    release(); // a second release is a no-op
    expect(limiter.active).toBe(0);
  });
});
