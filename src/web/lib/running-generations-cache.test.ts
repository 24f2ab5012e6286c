import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RunningGeneration } from '#shared/history';
import { generationKeys } from './query-keys.ts';
import { forgetRunningGenerations, hasEndedHere, withoutEndedHere } from './running-generations-cache.ts';

const generation = (id: string): RunningGeneration => ({
  id,
  historyId: `h-${id}`,
  service: 'code-explainer',
  title: id,
  kind: 'new',
  question: null,
  startedAt: '2026-11-29T00:00:00.000Z',
});

describe('forgetRunningGenerations', () => {
  it('takes the generations that ended off the cached list and keeps the others', () => {
    const client = new QueryClient();
    client.setQueryData(generationKeys.running, [generation('a'), generation('b'), generation('c')]);
    forgetRunningGenerations(client, ['b', null, 'zz']);
    expect(client.getQueryData<RunningGeneration[]>(generationKeys.running)?.map((g) => g.id)).toEqual([
      'a',
      'c',
    ]);
  });

  it('leaves a list that names none of them, and no list, as they are', () => {
    const client = new QueryClient();
    forgetRunningGenerations(client, ['a']);
    expect(client.getQueryData(generationKeys.running)).toBeUndefined();
    const list = [generation('c')];
    client.setQueryData(generationKeys.running, list);
    forgetRunningGenerations(client, ['b', null]);
    expect(client.getQueryData(generationKeys.running)).toBe(list);
  });
});

describe('generations seen ending here', () => {
  it('are left out of a list read later, which may have begun before they ended', () => {
    const client = new QueryClient();
    forgetRunningGenerations(client, ['b']);
    const read = [generation('a'), generation('b')];
    expect(withoutEndedHere(client, read).map((g) => g.id)).toEqual(['a']);
    expect(hasEndedHere(client, 'b')).toBe(true);
    expect(hasEndedHere(client, 'a')).toBe(false);
    // A list that names none of them comes back as it is.
    const others = [generation('a')];
    expect(withoutEndedHere(client, others)).toBe(others);
  });

  it('belong to their query client (one per tab)', () => {
    const here = new QueryClient();
    const elsewhere = new QueryClient();
    forgetRunningGenerations(here, ['a']);
    expect(hasEndedHere(elsewhere, 'a')).toBe(false);
    expect(withoutEndedHere(elsewhere, [generation('a')]).map((g) => g.id)).toEqual(['a']);
  });

  it('keep the last 200 seen, the oldest going first', () => {
    const client = new QueryClient();
    forgetRunningGenerations(client, ['first']);
    forgetRunningGenerations(
      client,
      Array.from({ length: 200 }, (_, n) => `g${n}`),
    );
    expect(hasEndedHere(client, 'first')).toBe(false);
    expect(hasEndedHere(client, 'g0')).toBe(true);
    expect(hasEndedHere(client, 'g199')).toBe(true);
  });
});
