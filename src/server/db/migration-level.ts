import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/** One entry of drizzle's migrations journal (migrations/meta/_journal.json). */
export interface Migration {
  idx: number;
  tag: string;
  /** drizzle's `folderMillis`: what `drizzle.__drizzle_migrations.created_at` records once it ran. */
  when: number;
}

/** Where a database stands: its last applied migration, and how many of the journal's are applied. */
export interface SchemaLevel {
  migrations: number;
  latest: string | null;
  latestWhen: number | null;
}

export function readJournal(migrationsFolder: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Migration[];
  };
  return journal.entries.map(({ idx, tag, when }) => ({ idx, tag, when }));
}

/** The level of a journal prefix: the first `count` migrations applied. */
export function levelOf(journal: Migration[], count: number): SchemaLevel {
  const last = count > 0 ? journal[count - 1] : undefined;
  return { migrations: count, latest: last?.tag ?? null, latestWhen: last?.when ?? null };
}

/** `0001` from `0001_photo_key_history_size`: the short name snapshots use. */
export const migrationNumber = (level: SchemaLevel) => level.latest?.split('_')[0] ?? 'empty';

export interface MigrationState {
  current: SchemaLevel;
  pending: Migration[];
  /** The database ran a migration this code doesn't know, newer than its latest (a later version's). */
  newerThanCode: boolean;
}

/**
 * Reads the level the way drizzle's migrator decides what to run: every journal entry newer than the
 * last recorded `created_at` is pending. A database never migrated has no drizzle schema yet.
 */
export async function migrationState(db: Pick<Db, 'execute'>, journal: Migration[]): Promise<MigrationState> {
  const table = await db.execute<{ name: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  let lastWhen: number | null = null;
  if (table.rows[0]?.name) {
    const last = await db.execute<{ created_at: string | number | null }>(
      sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const value = last.rows[0]?.created_at;
    lastWhen = value === undefined || value === null ? null : Number(value);
  }
  const applied = lastWhen === null ? 0 : journal.filter((m) => m.when <= lastWhen).length;
  const latestKnown = journal.at(-1)?.when ?? 0;
  return {
    current:
      lastWhen !== null && lastWhen > latestKnown
        ? { migrations: applied, latest: null, latestWhen: lastWhen }
        : levelOf(journal, applied),
    pending: journal.slice(applied),
    newerThanCode: lastWhen !== null && lastWhen > latestKnown,
  };
}
