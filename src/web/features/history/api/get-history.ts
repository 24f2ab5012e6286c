import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HistoryPage } from '#shared/history';
import { apiGet } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

/** GET /api/history/:type/:uid → {history, nextCursor}, newest first, one page at a time. */
export function getHistory(uid: string, service: string, cursor: string | null): Promise<HistoryPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiGet<HistoryPage>(`/history/${encodeURIComponent(service)}/${encodeURIComponent(uid)}${query}`);
}

export const getHistoryQueryOptions = (uid: string, service: string) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(uid, service),
    queryFn: ({ pageParam }) => getHistory(uid, service, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useHistory = (uid: string, service: string) =>
  useInfiniteQuery(getHistoryQueryOptions(uid, service));
