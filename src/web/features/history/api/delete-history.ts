import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

/** DELETE /api/history/:id; 200 is success (docs/product.md §7). */
export async function deleteHistory(id: string): Promise<number> {
  const { status } = await apiRequest<unknown>(`/history/${encodeURIComponent(id)}`, { method: 'DELETE' });
  return status;
}

/** Deletes a chat; on success the list refetches and the chat's own cache entry is dropped. */
export function useDeleteHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHistory,
    onSuccess: async (_status, id) => {
      queryClient.removeQueries({ queryKey: historyKeys.item(id) });
      await queryClient.invalidateQueries({ queryKey: historyKeys.lists });
    },
  });
}
