import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { HistorySearchPage } from '#shared/history';
import { apiGet } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

/** GET /api/history/search?q=&service=&cursor= → {results, nextCursor}, best first. */
export function searchHistory(
  q: string,
  service: string | null,
  cursor: string | null,
): Promise<HistorySearchPage> {
  const params = new URLSearchParams({ q });
  if (service) params.set('service', service);
  if (cursor) params.set('cursor', cursor);
  return apiGet<HistorySearchPage>(`/history/search?${params}`);
}

export const searchHistoryQueryOptions = (uid: string, q: string, service: string | null) =>
  infiniteQueryOptions({
    queryKey: historyKeys.search(uid, q, service),
    queryFn: ({ pageParam }) => searchHistory(q, service, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // While the next words are typed, the results of the last ones stay.
    placeholderData: keepPreviousData,
  });

/** The search of `q` (already trimmed and settled); nothing is asked for an empty one. */
export const useHistorySearch = (uid: string, q: string, service: string | null) =>
  useInfiniteQuery({ ...searchHistoryQueryOptions(uid, q, service), enabled: q !== '' });
