import { and, desc, eq, sql } from 'drizzle-orm';
import type { ChatStatus } from '../../shared/history.ts';
import type { Db } from '../db/client.ts';
import { type ChatMessage, history } from '../db/schema.ts';
import { type HistoryCursor, isUuid } from './history-cursor.ts';

export type HistoryRow = typeof history.$inferSelect;

export interface NewChat {
  /** Chosen by the caller when the id must be known before the insert (a generation's id). */
  id?: string;
  userId: string;
  service: string;
  title: string;
  messages: ChatMessage[];
  status: ChatStatus;
}

/**
 * History chats. Every query is scoped to the calling user (`where user_id = caller`), so one user can
 * never read, change or delete another's chats, whatever id they send.
 */
export function createHistoryRepository(db: Db) {
  return {
    async insert(chat: NewChat): Promise<HistoryRow> {
      // createdAt from the app clock (millisecond precision) keeps keyset cursors exact.
      const now = new Date();
      const [row] = await db
        .insert(history)
        .values({ ...chat, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('history insert returned no row');
      return row;
    },

    /** Newest first; `limit + 1` rows are read to know whether another page follows. */
    async list(userId: string, options: { service?: string; cursor?: HistoryCursor | null; limit: number }) {
      const { service, cursor, limit } = options;
      const rows = await db
        .select()
        .from(history)
        .where(
          and(
            eq(history.userId, userId),
            service ? eq(history.service, service) : undefined,
            cursor
              ? sql`(${history.createdAt}, ${history.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(history.createdAt), desc(history.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        rows: page,
        next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },

    async get(userId: string, id: string): Promise<HistoryRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(history)
        .where(and(eq(history.userId, userId), eq(history.id, id)));
      return row;
    },

    async rename(userId: string, id: string, title: string): Promise<HistoryRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(history)
        .set({ title, updatedAt: new Date() })
        .where(and(eq(history.userId, userId), eq(history.id, id)))
        .returning();
      return row;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .delete(history)
        .where(and(eq(history.userId, userId), eq(history.id, id)))
        .returning({ id: history.id });
      return rows.length > 0;
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
