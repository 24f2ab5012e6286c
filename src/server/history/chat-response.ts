import { publicDetails } from '#shared/answer-details';
import type { Chat, ChatStatus } from '#shared/history';
import { chatPath } from './chat-thread.ts';
import type { HistoryRow } from './history-repository.ts';

/**
 * A stored chat in the API's shape (docs/product.md §3): `_id` and `id` both, the owner as `uid`, and
 * as `messages` the path the chat shows through its versions (chat-thread.ts).
 */
export function toChatResponse(row: HistoryRow): Chat {
  const path = chatPath(row.messages, row.currentMessageId);
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    service: row.service,
    messages: path.map((message) => ({
      id: message.id,
      role: message.role,
      content: message.content,
      version: message.version,
      versions: message.versions,
      ...(message.role === 'assistant' ? { status: message.status ?? (row.status as ChatStatus) } : {}),
      createdAt: message.createdAt ?? null,
      ...(message.kind ? { kind: message.kind } : {}),
      ...(message.role === 'assistant' ? publicDetails(message.details) : {}),
    })),
    input: path[0]?.input ?? null,
    uid: row.userId,
    status: row.status as ChatStatus,
    createdAt: row.createdAt.toISOString(),
    file: row.file
      ? { name: row.file.name, size: row.file.size, type: row.file.type, url: `/api/history/${row.id}/file` }
      : null,
    matchReport: row.matchReport ?? null,
    coverage: row.coverage ?? null,
    teamShare:
      row.sharedOrganizationId && row.organizationSharedAt
        ? { organizationId: row.sharedOrganizationId, sharedAt: row.organizationSharedAt.toISOString() }
        : null,
  };
}
