import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Both drivers expose the same query builder; code outside db/ only sees this type. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Round-trip to the database; resolves with the latency in ms. */
  ping(): Promise<number>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | undefined }
  | { kind: 'postgres'; url: string };

/** Opens the database and applies pending migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const client = await PGlite.create(dataDir ?? 'memory://');
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db,
    kind: 'pglite',
    ping: () => timed(() => client.query('select 1')),
    close: () => client.close(),
  };
}

// Any 32-bit number unique to this app: serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 0x64726674;

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', () => {
    // Idle client errors (e.g. a server restart) are surfaced on the next query; don't crash.
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg({ client: lockClient, schema, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS_DIR,
    });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => timed(() => pool.query('select 1')),
    close: () => pool.end(),
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
