import type { QueryClient } from '@tanstack/react-query';
import type { RunningGeneration } from '#shared/history';
import { generationKeys } from './query-keys.ts';

/**
 * The generations seen ending in this tab, per query client (the app has one; each test its own). A list
 * of running ones read while they were written still names them: a read that began before one ended can
 * answer after, and a chat opened meanwhile would otherwise start following an answer that has ended.
 * The last few hundred are enough: a read answers within seconds.
 */
const endedHere = new WeakMap<QueryClient, Set<string>>();
const KEPT = 200;

/** Takes generations seen ending here off the cached list of running ones, and off every list read later. */
export function forgetRunningGenerations(queryClient: QueryClient, ids: readonly (string | null)[]) {
  const ended = ids.filter((id): id is string => id !== null);
  if (ended.length === 0) return;
  let kept = endedHere.get(queryClient);
  if (!kept) {
    kept = new Set();
    endedHere.set(queryClient, kept);
  }
  for (const id of ended) kept.add(id);
  for (const id of kept) {
    if (kept.size <= KEPT) break;
    kept.delete(id);
  }
  queryClient.setQueryData<RunningGeneration[]>(generationKeys.running, (list) =>
    list ? withoutEndedHere(queryClient, list) : list,
  );
}

/** The list without the generations seen ending here (the same list when it names none of them). */
export function withoutEndedHere(queryClient: QueryClient, list: RunningGeneration[]): RunningGeneration[] {
  const ended = endedHere.get(queryClient);
  return ended && list.some((generation) => ended.has(generation.id))
    ? list.filter((generation) => !ended.has(generation.id))
    : list;
}

/** This generation was seen ending here: never followed again. */
export const hasEndedHere = (queryClient: QueryClient, id: string) =>
  endedHere.get(queryClient)?.has(id) ?? false;
