import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatShareLink } from '#shared/history';
import { apiGet, apiRequest } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

const sharePath = (chatId: string) => `/history/${encodeURIComponent(chatId)}/share` as const;

/** GET /api/history/:id/share → the chat's public link, or null. */
export async function getChatShare(chatId: string): Promise<ChatShareLink | null> {
  return (await apiGet<{ share: ChatShareLink | null }>(sharePath(chatId))).share;
}

export const chatShareQueryOptions = (chatId: string) =>
  queryOptions({ queryKey: historyKeys.share(chatId), queryFn: () => getChatShare(chatId) });

export const useChatShare = (chatId: string, enabled: boolean) =>
  useQuery({ ...chatShareQueryOptions(chatId), enabled });

/** POST /api/history/:id/share → the link (the same one while it lives). */
export async function shareChat(chatId: string): Promise<ChatShareLink> {
  return (await apiRequest<{ share: ChatShareLink }>(sharePath(chatId), { method: 'POST' })).data.share;
}

/** DELETE /api/history/:id/share: the link stops working at once. */
export async function unshareChat(chatId: string): Promise<void> {
  await apiRequest(sharePath(chatId), { method: 'DELETE' });
}

export function useShareChat(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => shareChat(chatId),
    onSuccess: (share) => queryClient.setQueryData(historyKeys.share(chatId), share),
  });
}

export function useUnshareChat(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unshareChat(chatId),
    onSuccess: () => queryClient.setQueryData(historyKeys.share(chatId), null),
  });
}
