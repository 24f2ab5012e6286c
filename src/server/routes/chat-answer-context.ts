import type { ChatMessage } from '#server/db/schema';
import type { HistoryRow } from '#server/history/history-repository';
import { partsText } from '#server/tools/document-parts';
import type { AnswerContext, ServerTool } from '#server/tools/server-tool';
import type { DocumentPart } from '#shared/documents';

/**
 * What an answer within a chat gets its details from (ServerTool.answerDetails: a resume's check, a
 * draft's headers): the fields of the first request on the chat's path, its document as the saved parts
 * give it back (as when the first answer was checked), and the details of the answer it follows or
 * replaces. Read only for a tool that makes details, and only once the answer is written.
 */
export function chatAnswerContext(
  documents: { documentParts(row: HistoryRow): Promise<DocumentPart[]> },
  tool: ServerTool,
  row: HistoryRow,
  path: readonly ChatMessage[],
  previous: ChatMessage | undefined,
): (() => Promise<AnswerContext>) | undefined {
  if (!tool.answerDetails) return undefined;
  return async () => ({
    input: path[0]?.input ?? {},
    document: row.file ? { name: row.file.name, text: partsText(await documents.documentParts(row)) } : null,
    ownAddress: null,
    previous: previous?.role === 'assistant' ? (previous.details ?? null) : null,
  });
}
