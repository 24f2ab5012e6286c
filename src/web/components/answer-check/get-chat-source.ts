import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '#web/lib/api-client.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

const chatSourceSchema = z.object({ name: z.string().nullable(), text: z.string() });
export type ChatSource = z.infer<typeof chatSourceSchema>;

/** GET /api/history/:id/source → the person's own resume, whose lines an answer's `provenance` numbers. */
export async function getChatSource(chatId: string): Promise<ChatSource> {
  return chatSourceSchema.parse(await apiGet<unknown>(`/history/${encodeURIComponent(chatId)}/source`));
}

export const useChatSource = (chatId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: historyKeys.source(chatId ?? ''),
      queryFn: () => getChatSource(chatId as string),
      enabled: chatId !== null,
      // A chat's first request and document do not change once saved.
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
