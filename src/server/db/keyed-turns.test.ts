import { describe, expect, it } from 'vitest';
import { createKeyedTurns } from './keyed-turns.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createKeyedTurns', () => {
  it('runs one key’s tasks one at a time, in order, and other keys alongside', async () => {
    const inTurn = createKeyedTurns();
    const running = new Map<string, number>();
    let most = 0;
    const order: string[] = [];
    const task = (key: string, label: string) => async () => {
      running.set(key, (running.get(key) ?? 0) + 1);
      most = Math.max(most, running.get(key) ?? 0);
      await tick();
      order.push(label);
      running.set(key, (running.get(key) ?? 0) - 1);
      return label;
    };
    const results = await Promise.all([
      inTurn('a', task('a', 'a1')),
      inTurn('a', task('a', 'a2')),
      inTurn('b', task('b', 'b1')),
      inTurn('a', task('a', 'a3')),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(most).toBe(1);
    expect(order.filter((l) => l.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    // b did not wait for a's line.
    expect(order.indexOf('b1')).toBeLessThan(order.indexOf('a2'));
  });

  it('passes a failure to its own caller only, and the next task still runs', async () => {
    const inTurn = createKeyedTurns();
    const failed = inTurn('a', async () => {
      await tick();
      throw new Error('boom');
    });
    const next = inTurn('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
  });
});
