import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chat } from '#shared/history';
import { apiRequest } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

export interface ChooseVersionInput {
  chatId: string;
  messageId: string;
  version: number;
}

/** PATCH /api/history/:id/messages/:messageId {version} → the chat as it now shows. */
export async function chooseVersion({ chatId, messageId, version }: ChooseVersionInput): Promise<Chat> {
  const { data } = await apiRequest<{ history: Chat }>(
    `/history/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}`,
    { method: 'PATCH', body: { version } },
  );
  return data.history;
}

/** Shows another version of a message; the chat's cached copy becomes the server's answer. */
export function useChooseVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseVersion,
    onSuccess: (chat) => queryClient.setQueryData(historyKeys.item(chat.id), chat),
  });
}
