import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedChat } from '#shared/history';
import { apiGet } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

/** GET /api/shared/:token (public: no token sent) → the chat a link shows. */
export async function getSharedChat(token: string): Promise<SharedChat> {
  return (await apiGet<{ chat: SharedChat }>(`/shared/${encodeURIComponent(token)}`, { auth: false })).chat;
}

export const sharedChatQueryOptions = (token: string) =>
  queryOptions({ queryKey: historyKeys.shared(token), queryFn: () => getSharedChat(token), retry: false });

export const useSharedChat = (token: string) => useQuery(sharedChatQueryOptions(token));
