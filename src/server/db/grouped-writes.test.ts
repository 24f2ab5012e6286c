import { describe, expect, it } from 'vitest';
import { groupedWrites } from './grouped-writes.ts';

/** A write that records its groups and finishes when told to. */
function recorder(fail?: (item: string) => boolean) {
  const groups: string[][] = [];
  const finish: (() => void)[] = [];
  const write = async (items: readonly string[]) => {
    groups.push([...items]);
    await new Promise<void>((resolve) => finish.push(resolve));
    if (fail && items.some(fail)) throw new Error(`refused: ${items.join(',')}`);
    return items.map((item) => item.toUpperCase());
  };
  /** Finishes the writes under way until none is left. */
  const settle = async () => {
    for (let turn = 0; turn < 50; turn++) {
      await new Promise((resolve) => setImmediate(resolve));
      const next = finish.shift();
      if (next) next();
    }
  };
  return { groups, write, settle };
}

describe('groupedWrites', () => {
  it('writes one item at once, and those that arrive while it is written together after it', async () => {
    const r = recorder();
    const add = groupedWrites(r.write);
    const first = add('a');
    expect(r.groups).toEqual([['a']]);
    const later = [add('b'), add('c'), add('d')];
    await r.settle();
    expect(await first).toBe('A');
    expect(await Promise.all(later)).toEqual(['B', 'C', 'D']);
    expect(r.groups).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('keeps groups within maxGroup', async () => {
    const r = recorder();
    const add = groupedWrites(r.write, { maxGroup: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map(add);
    await r.settle();
    expect(await Promise.all(all)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(r.groups).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('writes each item of a failed group alone: only the bad one fails', async () => {
    const r = recorder((item) => item === 'bad');
    const add = groupedWrites(r.write);
    const first = add('a');
    const later = [add('b'), add('bad'), add('c')].map((p) => p.catch((err: Error) => err.message));
    await r.settle();
    expect(await first).toBe('A');
    expect(await Promise.all(later)).toEqual(['B', 'refused: bad', 'C']);
    expect(r.groups).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });
});

describe('groupedWrites gathering', () => {
  it('writes at once after a quiet moment, and waits gatherMs for others while writes come often', async () => {
    let clock = 0;
    const groups: string[][] = [];
    const add = groupedWrites(
      async (items: readonly string[]) => {
        groups.push([...items]);
        return items;
      },
      { gatherMs: 10, now: () => clock },
    );
    clock = 1_000;
    await add('alone'); // nothing written before: at once
    expect(groups).toEqual([['alone']]);
    clock += 2; // the next comes soon after: it waits for company
    const soon = [add('b'), add('c')];
    expect(groups).toHaveLength(1);
    expect(await Promise.all(soon)).toEqual(['b', 'c']);
    expect(groups).toEqual([['alone'], ['b', 'c']]);
    clock += 1_000; // quiet again: at once
    const later = add('d');
    expect(groups).toEqual([['alone'], ['b', 'c'], ['d']]);
    await later;
  });
});
