import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Chat } from '#shared/history';
import { apiGet } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

/** GET /api/history/item/:id → {history: chat}. */
export async function getHistoryItem(id: string): Promise<Chat> {
  const { history } = await apiGet<{ history: Chat }>(`/history/item/${encodeURIComponent(id)}`);
  return history;
}

export const getHistoryItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: historyKeys.item(id), queryFn: () => getHistoryItem(id) });

export const useHistoryItem = (id: string) => useQuery(getHistoryItemQueryOptions(id));
