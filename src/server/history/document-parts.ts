import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { documentPart } from '#server/db/schema';
import type { Citation, DocumentPart } from '#shared/documents';
import type { HistoryRow } from './chat-columns.ts';

/**
 * The words of a question matched against the parts: the first 32 distinct ones (of its first 10,000
 * characters). Each term of the query is checked against every part, so its cost grows with their
 * number: 32 words that each match every page of a 1,000-page document rank in about 0.2 s on PGlite
 * (bench:documents); a question rarely has more that matter.
 */
function rankedWords(question: string): string {
  const distinct = new Set<string>();
  for (const word of question
    .slice(0, 10_000)
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)) {
    if (word.length > 1) distinct.add(word);
    if (distinct.size === 32) break;
  }
  return [...distinct].join(' ');
}

/** Rows per insert: 4 parameters each, far below PostgreSQL's 65,535. */
const INSERT_BATCH = 500;

const partColumns = { part: documentPart.part, page: documentPart.page, text: documentPart.text };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A member's copy of a team chat gets the document's parts (history/chat-copy.ts), in the transaction
 * that makes the copy: a copy never exists without them.
 */
export async function copyDocumentParts(q: Db | Tx, source: HistoryRow, copyId: string): Promise<void> {
  await q.execute(sql`
    insert into ${documentPart} (history_id, part, page, text)
    select ${copyId}::uuid, part, page, text from ${documentPart} where history_id = ${source.id}
    on conflict do nothing`);
}

/**
 * The parts of a chat's document (`document_part`, issue 32). Every read takes the chat row the caller
 * was allowed to read in this request (its own, or a team chat shared with them), never a bare id.
 */
export function documentPartQueries(db: Db) {
  return {
    /**
     * Saves a chat's parts once, after the chat itself (a retry after a lost reply writes nothing twice);
     * in batches, so that a 1,000-page document never makes one huge statement.
     */
    async insertDocumentParts(historyId: string, parts: readonly DocumentPart[]): Promise<void> {
      // All or none: a follow-up never takes part of a document for the whole of it.
      await db.transaction(async (tx) => {
        for (let i = 0; i < parts.length; i += INSERT_BATCH) {
          const rows = parts.slice(i, i + INSERT_BATCH).map((part) => ({ historyId, ...part }));
          await tx.insert(documentPart).values(rows).onConflictDoNothing();
        }
      });
    },

    /** How many parts the chat's document has and their length, to decide whether all of it fits. */
    async documentSize(chat: HistoryRow): Promise<{ parts: number; characters: number }> {
      const [row] = await db
        .select({
          parts: sql<number>`count(*)::int`,
          characters: sql<number>`coalesce(sum(length(${documentPart.text})), 0)::int`,
        })
        .from(documentPart)
        .where(eq(documentPart.historyId, chat.id));
      return row ?? { parts: 0, characters: 0 };
    },

    /** Every part of the chat's document, in order. */
    async documentParts(chat: HistoryRow): Promise<DocumentPart[]> {
      return db
        .select(partColumns)
        .from(documentPart)
        .where(eq(documentPart.historyId, chat.id))
        .orderBy(asc(documentPart.part));
    },

    /**
     * The parts that best match `question`, best first (at most `limit`): PostgreSQL's full-text ranking
     * (ts_rank_cd over the parts' English vectors) of any of the question's words, so that a part
     * matching several of them, close together, ranks first; a question of stop words only matches
     * nothing, and the document's first parts stand in for it. Only the question's first 32 distinct
     * words count (`rankedWords`).
     */
    async rankedDocumentParts(chat: HistoryRow, question: string, limit: number): Promise<DocumentPart[]> {
      // Its first distinct words only: a 100,000-character follow-up must not make a query of thousands
      // of terms run over every part (on PGlite, in the server's own process).
      const words = rankedWords(question);
      const query = sql`replace(plainto_tsquery('english', ${words})::text, ' & ', ' | ')::tsquery`;
      const { rows } = await db.execute<{ part: number; page: number | null; text: string }>(sql`
        select part, page, text from ${documentPart}
        where history_id = ${chat.id} and search @@ ${query}
        order by ts_rank_cd(search, ${query}) desc, part
        limit ${limit}`);
      if (rows.length > 0) return rows;
      return db
        .select(partColumns)
        .from(documentPart)
        .where(eq(documentPart.historyId, chat.id))
        .orderBy(asc(documentPart.part))
        .limit(limit);
    },

    /** The parts on pages `from`…`to` (or the one numbered `part`), in order: what a citation shows. */
    async documentPassage(chat: HistoryRow, citation: Citation): Promise<DocumentPart[]> {
      const where =
        citation.kind === 'part'
          ? and(eq(documentPart.historyId, chat.id), eq(documentPart.part, citation.part))
          : and(
              eq(documentPart.historyId, chat.id),
              gte(documentPart.page, citation.from),
              lte(documentPart.page, citation.to),
            );
      return db.select(partColumns).from(documentPart).where(where).orderBy(asc(documentPart.part));
    },
  };
}
