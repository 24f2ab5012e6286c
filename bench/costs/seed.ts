import { randomUUID } from 'node:crypto';
import { createAccessTokens } from '#server/auth/access-token';
import { createTokenRevocations } from '#server/auth/token-revocations';
import { type DatabaseTarget, openDatabase } from '#server/db/client';
import { history, profile, user } from '#server/db/schema';
import { historyPageQuery } from '#server/history/history-repository';
import { TOOL_SLUGS } from '#shared/tools';

/** Chats of the reading user, and the page they read. */
export const CHATS = 1000;
export const PAGE = 50;
/** An answer's length in characters: a page of 50 chats is then about 150 KB of JSON. */
const ANSWER_CHARS = 2500;

export interface Seeded {
  /** Accounts that stream (a bearer token each). */
  streamers: { uid: string; token: string }[];
  /** The account with CHATS chats. */
  reader: { uid: string; token: string };
  /** The SQL the history repository runs for the reader's first page, with its parameters. */
  pageSql: { sql: string; params: unknown[] };
}

const paragraph =
  'Draftsmith keeps every chat so a writer can come back to it. This paragraph stands in for an answer: ' +
  'a few sentences of **Markdown** with a [link](https://example.com) and `code`, repeated. ';
const answer = `# A saved answer\n\n${paragraph.repeat(Math.ceil(ANSWER_CHARS / paragraph.length))}`.slice(
  0,
  ANSWER_CHARS,
);

/**
 * Writes the accounts straight into the database (through the app's own client, so its migrations run
 * first) before the server opens it: `streamers` accounts and one reader with CHATS chats, a second
 * apart. Their bearer tokens are minted with `secret`, the server's BETTER_AUTH_SECRET.
 */
export async function seed(target: DatabaseTarget, streamers: number, secret: string): Promise<Seeded> {
  const database = await openDatabase(target);
  const { db } = database;
  try {
    const tokens = createAccessTokens(secret, createTokenRevocations(null, console));
    const account = async (label: string) => {
      const uid = randomUUID();
      const email = `${label}-${uid.slice(0, 8)}@example.test`;
      await db.insert(user).values({ id: uid, email, name: `${label} ${uid.slice(0, 4)}` });
      await db.insert(profile).values({ userId: uid, subscription: 'free' });
      const { token } = await tokens.sign({ sub: uid, email, sid: `bench-${uid}` });
      return { uid, token };
    };
    const list: Seeded['streamers'] = [];
    for (let i = 0; i < streamers; i++) list.push(await account('streamer'));
    const reader = await account('reader');

    const now = Date.now();
    const rows = Array.from({ length: CHATS }, (_, i) => ({
      userId: reader.uid,
      service: TOOL_SLUGS[i % TOOL_SLUGS.length]!,
      title: `Saved chat number ${i + 1} about scaling`,
      messages: [
        { role: 'user' as const, content: `Topic: saved chat ${i + 1}\nTone: friendly\nLength: medium` },
        { role: 'assistant' as const, content: answer },
      ],
      status: 'complete',
      createdAt: new Date(now - (CHATS - i) * 1000),
      updatedAt: new Date(now - (CHATS - i) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 100) await db.insert(history).values(rows.slice(i, i + 100));

    const pageSql = historyPageQuery(db, reader.uid, { limit: PAGE }).toSQL();
    return { streamers: list, reader, pageSql };
  } finally {
    await database.close();
  }
}
