import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RunningGeneration } from '#shared/history';
import { apiGet } from '#web/lib/api-client.ts';
import { generationKeys } from '#web/lib/query-keys.ts';
import { withoutEndedHere } from '#web/lib/running-generations-cache.ts';

/** GET /api/generations → the signed-in user's generations still being written, newest first. */
export async function getRunningGenerations(): Promise<RunningGeneration[]> {
  return (await apiGet<{ generations: RunningGeneration[] }>('/generations')).generations;
}

/**
 * Asked again every few seconds while any is running, so the sidebar's marks go when they end; those seen
 * ending in this tab are left out of every read (a read that began before they ended still names them).
 */
export const runningGenerationsQueryOptions = () =>
  queryOptions({
    queryKey: generationKeys.running,
    queryFn: async ({ client }) => withoutEndedHere(client, await getRunningGenerations()),
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? 3000 : false),
  });

export const useRunningGenerations = () => useQuery(runningGenerationsQueryOptions());
