import { and, desc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { groupedWrites } from '#server/db/grouped-writes';
import { createKeyedTurns } from '#server/db/keyed-turns';
import { isUuid, type KeysetCursor } from '#server/db/keyset-cursor';
import { type ChatFileRecord, type ChatMessage, history } from '#server/db/schema';
import { AppError } from '#server/errors';
import type { DocumentCoverage } from '#shared/documents';
import type { ChatStatus } from '#shared/history';
import type { JobMatchReport } from '#shared/job-match-report';
import { formatBytes } from '#shared/text';
import { chatColumns, type HistoryRow } from './chat-columns.ts';
import { chatShareQueries } from './chat-shares.ts';
import { copyDocumentParts, documentPartQueries } from './document-parts.ts';

export type { HistoryRow } from './chat-columns.ts';

export interface NewChat {
  /** Chosen by the caller when the id must be known before the insert (a generation's id). */
  id?: string;
  userId: string;
  service: string;
  title: string;
  messages: ChatMessage[];
  /** The message the chat shows its path down to (chat-thread.ts); none: its newest branch. */
  currentMessageId?: string | null;
  status: ChatStatus;
  /** The uploaded document, already in FileStorage. */
  file?: ChatFileRecord | null;
  matchReport?: JobMatchReport | null;
  /** What was read of the document (`file`). */
  coverage?: DocumentCoverage | null;
  /** The team-shared chat this is a member's copy of (history/chat-copy.ts). */
  copiedFrom?: string | null;
  /** The team that chat was shared with: the copy goes when its member leaves the team. */
  copiedOrganizationId?: string | null;
}

/** What one user may keep (HISTORY_MAX_CHATS_PER_USER, HISTORY_MAX_BYTES_PER_USER); 0 means no limit. */
export interface HistoryQuota {
  maxChats: number;
  /** Summed `history.size_bytes`: UTF-8 bytes of titles and messages. */
  maxBytes: number;
}

const NO_QUOTA: HistoryQuota = { maxChats: 0, maxBytes: 0 };
// First key of the per-user advisory locks (the two-int form, apart from the migration lock's bigint).
const QUOTA_LOCK_SPACE = 0x68697374;

function quotaError(detail: string): AppError {
  return new AppError(
    'payload_too_large:history_quota',
    `${detail} Delete old chats from your history to save new ones.`,
  );
}

const tooManyChats = (max: number) =>
  quotaError(`You have ${max} saved chats, the most one account can keep.`);
const tooManyBytes = (max: number) =>
  quotaError(`Your saved chats would take more than ${formatBytes(max)}, the most one account can keep.`);

export interface HistoryPageOptions {
  service?: string;
  cursor?: KeysetCursor | null;
  limit: number;
}

/**
 * The query of one page of a user's chats, newest first, `limit + 1` rows (`list` below; bench:costs
 * runs its SQL bare to compare).
 */
export function historyPageQuery(db: Db, userId: string, { service, cursor, limit }: HistoryPageOptions) {
  return db
    .select(chatColumns)
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
}

/**
 * History chats. Every query is scoped to the calling user (`where user_id = caller`), so one user can
 * never read, change or delete another's chats, whatever id they send.
 */
/** How long a generation's chat may wait for others to be saved with it, while many end (grouped-writes.ts). */
const GATHER_MS = 10;

/** How long a user's measured history stands for the check before a generation (`assertWithinQuota`). */
const QUOTA_MEASURE_MS = 60_000;

export function createHistoryRepository(db: Db, quota: HistoryQuota = NO_QUOTA) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

  const usageQuery = (q: Db | Tx, userId: string | Placeholder) =>
    q
      .select({
        chats: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(${history.sizeBytes}), 0)::float8`,
      })
      .from(history)
      .where(eq(history.userId, userId));
  // The check before every generation, its SQL built once (a prepared query runs outside transactions).
  const usageBeforeGeneration = usageQuery(db, sql.placeholder('userId')).prepare('history_usage');

  async function usage(q: Db | Tx, userId: string): Promise<{ chats: number; bytes: number }> {
    const [row] = await (q === db ? usageBeforeGeneration.execute({ userId }) : usageQuery(q, userId));
    return { chats: row?.chats ?? 0, bytes: row?.bytes ?? 0 };
  }

  async function insertRow(q: Db | Tx, chat: NewChat): Promise<HistoryRow> {
    // createdAt from the app clock (millisecond precision) keeps keyset cursors exact.
    const now = new Date();
    const [row] = await q
      .insert(history)
      .values({ ...chat, createdAt: now, updatedAt: now })
      .returning(chatColumns);
    if (!row) throw new Error('history insert returned no row');
    return row;
  }

  const limited = quota.maxChats > 0 || quota.maxBytes > 0;
  const inTurn = createKeyedTurns();

  /**
   * Generations' new chats, those that finish while others are being saved written together
   * (db/grouped-writes.ts); each answers its size, or null when its id was taken already.
   */
  const insertNew = groupedWrites(
    async (chats: readonly (NewChat & { id: string; createdAt: Date; updatedAt: Date })[]) => {
      const rows = await db
        .insert(history)
        .values([...chats])
        .onConflictDoNothing({ target: history.id })
        .returning({ id: history.id, sizeBytes: history.sizeBytes });
      const sizes = new Map(rows.map((row) => [row.id, row.sizeBytes]));
      return chats.map((chat) => sizes.get(chat.id) ?? null);
    },
    { gatherMs: GATHER_MS },
  );

  /**
   * Users' saved chats and bytes as last measured, for the check before a generation
   * (`assertWithinQuota`): trusted for QUOTA_MEASURE_MS, grown by this process's own saves and
   * forgotten by its changes and deletions, so that a generation starts without a database statement
   * (issue 31). A refusal is always measured again first; the save itself never looks at it.
   */
  const measured = new Map<string, { chats: number; bytes: number; until: number }>();
  /** Users being measured now, and whether their chats changed here meanwhile (then it is not kept). */
  const measuring = new Map<string, { changed: boolean; count: number }>();
  const changed = (userId: string) => {
    const current = measuring.get(userId);
    if (current) current.changed = true;
  };
  const grew = (userId: string, bytes: number) => {
    changed(userId);
    const known = measured.get(userId);
    if (!known) return;
    known.chats += 1;
    known.bytes += bytes;
  };
  const forget = (userId: string) => {
    changed(userId);
    measured.delete(userId);
  };
  const measure = async (userId: string) => {
    const current = measuring.get(userId) ?? { changed: false, count: 0 };
    current.count++;
    measuring.set(userId, current);
    try {
      const now = await usage(db, userId);
      if (measured.size >= 50_000) measured.clear();
      if (!current.changed) measured.set(userId, { ...now, until: Date.now() + QUOTA_MEASURE_MS });
      return now;
    } finally {
      if (--current.count === 0) measuring.delete(userId);
    }
  };
  const over = (now: { chats: number; bytes: number }) =>
    (quota.maxChats > 0 && now.chats >= quota.maxChats) ||
    (quota.maxBytes > 0 && now.bytes >= quota.maxBytes);

  return {
    ...chatShareQueries(db),
    ...documentPartQueries(db),

    /**
     * Saves a chat without looking at the quota: a generation's result is never thrown away once it
     * exists (its caller checked assertWithinQuota before it started). Saving the same chat again (a
     * retry after the database's reply was lost) leaves the saved one as it is. Only the id comes back:
     * reading the answer back would cost as much as writing it.
     */
    async insert(chat: NewChat): Promise<void> {
      if (!chat.id) throw new Error('history insert: a generation’s chat comes with its id');
      const now = new Date();
      const sizeBytes = await insertNew({ ...chat, id: chat.id, createdAt: now, updatedAt: now });
      if (sizeBytes !== null) {
        grew(chat.userId, sizeBytes);
        return;
      }
      const [saved] = await db
        .select({ id: history.id })
        .from(history)
        .where(and(eq(history.id, chat.id), eq(history.userId, chat.userId)));
      if (!saved) throw new Error('history insert: the id is taken by another user’s chat');
    },

    /**
     * Saves a chat only if the user stays within the quota (413 `payload_too_large:history_quota`
     * otherwise). A per-user lock held to the end of the transaction makes concurrent saves of one user
     * take turns, so together they can never pass the limit (within this process they wait for their
     * turn before taking a connection, db/keyed-turns.ts). `documentPartsOf`: a member's copy of a team
     * chat, made with the document's parts of the chat it copies.
     */
    async insertWithinQuota(
      chat: NewChat,
      options: { documentPartsOf?: HistoryRow } = {},
    ): Promise<HistoryRow> {
      // A copy's document parts, in the same transaction as the copy.
      const withParts = async (q: Db | Tx, row: HistoryRow) => {
        if (options.documentPartsOf) await copyDocumentParts(q, options.documentPartsOf, row.id);
        return row;
      };
      if (!limited) {
        if (!options.documentPartsOf) return insertRow(db, chat);
        return db.transaction(async (tx) => withParts(tx, await insertRow(tx, chat)));
      }
      const row = await inTurn(chat.userId, () =>
        db.transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(${QUOTA_LOCK_SPACE}::int, hashtext(${chat.userId}))`,
          );
          const before = await usage(tx, chat.userId);
          if (quota.maxChats > 0 && before.chats >= quota.maxChats) throw tooManyChats(quota.maxChats);
          // The database measures the chat (size_bytes); a chat that does not fit rolls back with the error.
          const row = await insertRow(tx, chat);
          if (quota.maxBytes > 0 && before.bytes + row.sizeBytes > quota.maxBytes) {
            throw tooManyBytes(quota.maxBytes);
          }
          return withParts(tx, row);
        }),
      );
      grew(chat.userId, row.sizeBytes);
      return row;
    },

    /**
     * 413 when the user has no room left for another chat: checked before a generation starts, from
     * the last measure when it is recent (`measured`).
     */
    async assertWithinQuota(userId: string): Promise<void> {
      if (!limited) return;
      const known = measured.get(userId);
      if (known && Date.now() < known.until && !over(known)) return;
      const now = await measure(userId);
      if (quota.maxChats > 0 && now.chats >= quota.maxChats) throw tooManyChats(quota.maxChats);
      if (quota.maxBytes > 0 && now.bytes >= quota.maxBytes) throw tooManyBytes(quota.maxBytes);
    },

    /** Newest first; `limit + 1` rows are read to know whether another page follows. */
    async list(userId: string, options: HistoryPageOptions) {
      const { limit } = options;
      const rows = await historyPageQuery(db, userId, options);
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
        .select(chatColumns)
        .from(history)
        .where(and(eq(history.userId, userId), eq(history.id, id)));
      return row;
    },

    /** The user's copy of a team-shared chat (history/chat-copy.ts), if they made one. */
    async copyOf(userId: string, sourceId: string): Promise<HistoryRow | undefined> {
      const [row] = await db
        .select(chatColumns)
        .from(history)
        .where(and(eq(history.userId, userId), eq(history.copiedFrom, sourceId)));
      return row;
    },

    async rename(userId: string, id: string, title: string): Promise<HistoryRow | undefined> {
      if (!isUuid(id)) return undefined;
      forget(userId);
      const [row] = await db
        .update(history)
        .set({ title, updatedAt: new Date() })
        .where(and(eq(history.userId, userId), eq(history.id, id)))
        .returning(chatColumns);
      return row;
    },

    /**
     * Adds messages to a chat in one statement (a follow-up and its answer, a new version), makes the
     * last of them the chat's current message and sets the chat's status (and its job match report, when
     * one is given). False when the chat is gone (deleted meanwhile) or not the user's.
     */
    async appendMessages(
      userId: string,
      id: string,
      update: {
        messages: ChatMessage[];
        status: ChatStatus;
        /** The message the chat then shows; by default the last one added. */
        currentMessageId?: string;
        matchReport?: JobMatchReport | null;
        coverage?: DocumentCoverage | null;
      },
    ): Promise<boolean> {
      const last = update.messages.at(-1);
      if (!isUuid(id) || !last?.id) return false;
      const rows = await db
        .update(history)
        .set({
          messages: sql`${history.messages} || ${JSON.stringify(update.messages)}::jsonb`,
          currentMessageId: update.currentMessageId ?? last.id,
          status: update.status,
          updatedAt: new Date(),
          ...(update.matchReport ? { matchReport: update.matchReport } : {}),
          ...(update.coverage ? { coverage: update.coverage } : {}),
        })
        .where(and(eq(history.userId, userId), eq(history.id, id)))
        .returning({ id: history.id });
      // After the write: a measure taken meanwhile would miss the new messages.
      forget(userId);
      return rows.length > 0;
    },

    /** Shows another path of the chat: `currentMessageId` and the status of the answer it ends with. */
    async setCurrentMessage(
      userId: string,
      id: string,
      current: { messageId: string; status: ChatStatus },
    ): Promise<HistoryRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .update(history)
        .set({ currentMessageId: current.messageId, status: current.status })
        .where(and(eq(history.userId, userId), eq(history.id, id)))
        .returning(chatColumns);
      return row;
    },

    /**
     * Deletes the user's copies of chats shared with `organizationId` (the team's content, made where
     * their follow-ups went on), with any public link to them; the documents' keys are the caller's to
     * remove from FileStorage.
     */
    async removeTeamCopies(userId: string, organizationId: string): Promise<string[]> {
      forget(userId);
      const rows = await db
        .delete(history)
        .where(and(eq(history.userId, userId), eq(history.copiedOrganizationId, organizationId)))
        .returning({ file: history.file });
      return rows.flatMap((row) => (row.file?.key ? [row.file.key] : []));
    },

    /** Deletes the chat; what it held in FileStorage (its document's key) is the caller's to remove. */
    async remove(userId: string, id: string): Promise<{ fileKey: string | null } | null> {
      if (!isUuid(id)) return null;
      forget(userId);
      const [row] = await db
        .delete(history)
        .where(and(eq(history.userId, userId), eq(history.id, id)))
        .returning({ file: history.file });
      return row ? { fileKey: row.file?.key ?? null } : null;
    },
  };
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
