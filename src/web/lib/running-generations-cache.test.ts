import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RunningGeneration } from '#shared/history';
import { generationKeys } from './query-keys.ts';
import { forgetRunningGenerations } from './running-generations-cache.ts';

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
    const list = [generation('a')];
    client.setQueryData(generationKeys.running, list);
    forgetRunningGenerations(client, ['b', null]);
    expect(client.getQueryData(generationKeys.running)).toBe(list);
  });
});
