import { queryOptions, useQuery } from '@tanstack/react-query';
import { type DocumentPassage, documentPassageSchema } from '#shared/history';
import { apiGet } from '#web/lib/api-client.ts';
import { type Citation, citationQuery } from '#web/lib/citations.ts';
import { historyKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/history/:id/document/passage?pages=12 (or `pages=12-13`, `part=3`) → the text of the pages or
 * the part an answer cites; 404 with the server's message when the document has no such page.
 */
export async function getDocumentPassage(chatId: string, citation: Citation): Promise<DocumentPassage> {
  const data = await apiGet<unknown>(
    `/history/${encodeURIComponent(chatId)}/document/passage?${citationQuery(citation)}`,
  );
  return documentPassageSchema.parse(data);
}

export const getDocumentPassageQueryOptions = (chatId: string, citation: Citation) =>
  queryOptions({
    queryKey: historyKeys.passage(chatId, citationQuery(citation)),
    queryFn: () => getDocumentPassage(chatId, citation),
    // A saved document does not change: a passage read once is shown again without a request.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useDocumentPassage = (chatId: string, citation: Citation) =>
  useQuery(getDocumentPassageQueryOptions(chatId, citation));
