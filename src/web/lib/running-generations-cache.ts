import type { QueryClient } from '@tanstack/react-query';
import type { RunningGeneration } from '#shared/history';
import { generationKeys } from './query-keys.ts';

/**
 * Takes generations seen ending here off the cached list of running ones at once: a list read while
 * they were written still names them until it is read again, and a chat that opens meanwhile would
 * otherwise start following an answer that has ended.
 */
export function forgetRunningGenerations(queryClient: QueryClient, ids: readonly (string | null)[]) {
  const ended = new Set(ids.filter((id): id is string => id !== null));
  if (ended.size === 0) return;
  queryClient.setQueryData<RunningGeneration[]>(generationKeys.running, (list) =>
    list?.some((generation) => ended.has(generation.id))
      ? list.filter((generation) => !ended.has(generation.id))
      : list,
  );
}
