import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { CHAT_SEARCH_CONFIG, history } from '#server/db/schema';
import type { TextPart } from '#shared/history';
import { plainText } from './plain-text.ts';

/** Around a matching word in ts_headline's output; characters of Unicode's private use area. */
const START = '\uE000';
const STOP = '\uE001';
const HEADLINE = `StartSel=${START}, StopSel=${STOP}`;
const FRAGMENT_DELIMITER = ' … ';
const SNIPPET = `${HEADLINE}, MaxFragments=2, MaxWords=24, MinWords=8, FragmentDelimiter="${FRAGMENT_DELIMITER}"`;
const CONFIG = sql.raw(`'${CHAT_SEARCH_CONFIG}'::regconfig`);

export interface ChatSearchOptions {
  q: string;
  service?: string;
  offset: number;
  limit: number;
}

export interface ChatSearchHit {
  id: string;
  title: string;
  service: string;
  createdAt: Date;
  titleParts: TextPart[];
  snippet: TextPart[];
}

/**
 * What the user typed as a full-text query: words of letters and digits only (typing as you go) become
 * each required, the last one as a prefix ("refac" finds "refactor"); anything else (quotes, `or`,
 * `-word`) is read by `websearch_to_tsquery`, which never fails on what a person types.
 */
function tsquery(q: string): SQL {
  const words = q.split(/\s+/).filter(Boolean);
  const plain = words.every((word) => /^[\p{L}\p{N}]+$/u.test(word) && word.toLowerCase() !== 'or');
  if (words.length > 0 && words.length <= 8 && plain) {
    const prefix = words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(' & ');
    return sql`to_tsquery(${CONFIG}, ${prefix})`;
  }
  return sql`websearch_to_tsquery(${CONFIG}, ${q})`;
}

/** ts_headline's output as parts: the words between the markers are matches. */
export function markedParts(marked: string): TextPart[] {
  const parts: TextPart[] = [];
  let match = false;
  let text = '';
  for (const char of marked) {
    if (char !== START && char !== STOP) {
      text += char;
      continue;
    }
    if (text) parts.push({ text, match });
    text = '';
    match = char === START;
  }
  if (text) parts.push({ text, match });
  return parts;
}

/**
 * The user's chats that match, best first (ts_rank_cd over the title's and the messages' words, then
 * newest), `limit + 1` of them from `offset` so the caller knows whether more follow. Only the chats of
 * the page get their title and an excerpt marked (ts_headline reads the text again); the excerpt is
 * plain text, its Markdown taken out (plain-text.ts).
 */
export async function searchChats(
  db: Db,
  userId: string,
  options: ChatSearchOptions,
): Promise<ChatSearchHit[]> {
  const query = tsquery(options.q);
  const service = options.service ? sql`and ${history.service} = ${options.service}` : sql``;
  const { rows } = await db.execute<{
    id: string;
    title: string;
    service: string;
    created_at: string | Date;
    title_marked: string;
    snippet_marked: string;
  }>(sql`
    with query as (select ${query} as q),
    found as (
      select ${history.id} as id, ts_rank_cd(${history.search}, query.q) as rank, ${history.createdAt} as created_at
      from ${history}, query
      where ${history.userId} = ${userId} ${service} and ${history.search} @@ query.q
      order by rank desc, created_at desc, id
      limit ${options.limit + 1} offset ${options.offset}
    )
    select h.id, h.title, h.service, h.created_at,
      ts_headline(${CONFIG}, h.title, query.q, ${`HighlightAll=true, ${HEADLINE}`}) as title_marked,
      ts_headline(${CONFIG}, chat_search_text(h.messages), query.q, ${SNIPPET}) as snippet_marked
    from found join ${history} h on h.id = found.id, query
    order by found.rank desc, found.created_at desc, found.id`);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    service: row.service,
    createdAt: new Date(row.created_at),
    titleParts: markedParts(row.title_marked),
    // The messages are Markdown: the excerpt is the plain text a reader sees.
    snippet: markedParts(plainText(row.snippet_marked, FRAGMENT_DELIMITER)),
  }));
}
