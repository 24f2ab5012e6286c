import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { isUuid } from '#server/db/keyset-cursor';
import { chatShare, history, member, user } from '#server/db/schema';
import { FOREIGN_KEY_VIOLATION, sqlStateOf } from '#server/db/sql-state';
import { chatColumns, type HistoryRow } from './chat-columns.ts';

/** 24 random bytes, base64url: 32 characters nobody guesses. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

export interface ChatShare {
  token: string;
  createdAt: Date;
}

/**
 * Public read-only links to chats (`chat_share`): every query of the owner's side carries the owner's
 * id; the public side finds a chat by its token alone, and only while the link exists.
 */
export function chatShareQueries(db: Db) {
  async function shareOf(userId: string, id: string): Promise<ChatShare | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select({ token: chatShare.token, createdAt: chatShare.createdAt })
      .from(chatShare)
      .where(and(eq(chatShare.userId, userId), eq(chatShare.historyId, id)));
    return row;
  }

  return {
    /** The chat's link, if it has one. */
    shareOf,

    /** The chat's link, made on first call (the same one afterwards); undefined for a chat not the user's. */
    async share(userId: string, id: string): Promise<ChatShare | undefined> {
      if (!isUuid(id)) return undefined;
      const [owned] = await db
        .select({ id: history.id })
        .from(history)
        .where(and(eq(history.userId, userId), eq(history.id, id)));
      if (!owned) return undefined;
      try {
        await db
          .insert(chatShare)
          .values({ token: randomBytes(24).toString('base64url'), historyId: id, userId })
          .onConflictDoNothing({ target: chatShare.historyId });
      } catch (err) {
        // The chat was deleted between the check and the insert (foreign key violation): no chat.
        if (sqlStateOf(err) === FOREIGN_KEY_VIOLATION) return undefined;
        throw err;
      }
      return shareOf(userId, id);
    },

    /** Ends the chat's link at once; false when it had none (or is not the user's). */
    async unshare(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .delete(chatShare)
        .where(and(eq(chatShare.userId, userId), eq(chatShare.historyId, id)))
        .returning({ token: chatShare.token });
      return rows.length > 0;
    },

    /**
     * The chat a link shows, while the link exists and its author's account is in a state to publish:
     * not disabled (auth/bans.ts isDisabled, the same rule in SQL; the link answers again once the account is
     * enabled), and for a member's copy of a team chat, still a member of that team.
     */
    async sharedChat(token: string): Promise<HistoryRow | undefined> {
      if (!TOKEN.test(token)) return undefined;
      const [row] = await db
        .select(chatColumns)
        .from(chatShare)
        .innerJoin(history, eq(history.id, chatShare.historyId))
        .innerJoin(user, eq(user.id, chatShare.userId))
        .where(
          and(
            eq(chatShare.token, token),
            sql`(${user.banned} is not true or (${user.banExpires} is not null and ${user.banExpires} <= now()))`,
            sql`(${history.copiedOrganizationId} is null or exists (select 1 from ${member} where ${member.userId} = ${history.userId} and ${member.organizationId} = ${history.copiedOrganizationId}))`,
          ),
        );
      return row;
    },
  };
}
