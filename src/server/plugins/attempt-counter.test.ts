import { describe, expect, it } from 'vitest';
import { createAttemptCounter } from './attempt-counter.ts';

describe('memory attempt counter', () => {
  it('counts attempts in a window and takes them back', async () => {
    let now = 0;
    const counter = createAttemptCounter(null, () => now);
    expect(await counter.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 });
    now = 400;
    expect(await counter.hit('k', 1000)).toEqual({ count: 2, ttlMs: 600 });
    await counter.undo('k');
    expect(await counter.peek('k')).toEqual({ count: 1, ttlMs: 600 });
    now = 1000;
    expect(await counter.peek('k')).toEqual({ count: 0, ttlMs: 0 });
    await counter.undo('k');
    expect(await counter.peek('k')).toEqual({ count: 0, ttlMs: 0 });
  });

  it('books turns one after the other and refuses past the horizon', async () => {
    let now = 0;
    const counter = createAttemptCounter(null, () => now);
    expect(await counter.bookTurn('a', 300, 1000)).toEqual({ waitMs: 300 });
    expect(await counter.bookTurn('a', 300, 1000)).toEqual({ waitMs: 600 });
    expect(await counter.bookTurn('a', 300, 1000)).toEqual({ waitMs: 900 });
    expect(await counter.bookTurn('a', 300, 1000)).toEqual({ waitMs: 1200 });
    expect(await counter.bookTurn('a', 300, 1000)).toEqual({ busyForMs: 1200 });
    expect(await counter.bookTurn('b', 300, 1000)).toEqual({ waitMs: 300 });
    now = 1200;
    expect(await counter.bookTurn('a', 300, 1000)).toEqual({ waitMs: 300 });
  });
});
