import type { Chat, ChatStatus } from '#shared/history';
import type { HistoryRow } from './history-repository.ts';

/** A stored chat in the API's shape (docs/product.md §3): `_id` and `id` both, the owner as `uid`. */
export function toChatResponse(row: HistoryRow): Chat {
  return {
    _id: row.id,
    id: row.id,
    title: row.title,
    service: row.service,
    messages: row.messages,
    uid: row.userId,
    status: row.status as ChatStatus,
    createdAt: row.createdAt.toISOString(),
    file: row.file
      ? { name: row.file.name, size: row.file.size, type: row.file.type, url: `/api/history/${row.id}/file` }
      : null,
    matchReport: row.matchReport ?? null,
  };
}
