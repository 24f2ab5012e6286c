import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chat } from '#shared/history';
import { apiRequest } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

export interface RenameHistoryInput {
  id: string;
  title: string;
}

/** PATCH /api/history/:id {title} → the updated chat. */
export async function renameHistory({ id, title }: RenameHistoryInput): Promise<Chat> {
  const { data } = await apiRequest<Chat | { history: Chat }>(`/history/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { title },
  });
  return 'history' in data ? data.history : data;
}

/** Renames a chat, then refetches the list and the chat itself. */
export function useRenameHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameHistory,
    onSettled: (_data, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: historyKeys.lists }),
        queryClient.invalidateQueries({ queryKey: historyKeys.item(id) }),
      ]),
  });
}
