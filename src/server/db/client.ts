import { fileURLToPath } from 'node:url';
import type { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { levelOf, type Migration, migrationState, readJournal, type SchemaLevel } from './migration-level.ts';
import * as schema from './schema.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Where the build puts the empty-database template (pglite.ts); the sources have none, tests pass theirs. */
const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Both drivers expose the same query builder; code outside db/ only sees this type. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Round-trip to the database; resolves with the latency in ms. */
  ping(): Promise<number>;
  /**
   * PGlite only: its data directory as a tar.gz, PGlite's own dump. It runs between queries, so it is
   * the state of the last commit (an open transaction is left out, as after a crash), in memory.
   */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL only: the connection pool's use now (for the metrics); PGlite has one connection, no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

/** An existing embedded database about to be migrated (ADR 0015). */
export interface PendingUpgrade {
  from: SchemaLevel;
  to: SchemaLevel;
  pending: Migration[];
  /** The database as it stands, before any pending migration ran. */
  dumpDataDir(): Promise<Blob>;
}

/** Called around the migration of an embedded database that already holds data. */
export interface UpgradeHooks {
  /** Before the first pending migration; if it throws, nothing is migrated. */
  before(upgrade: PendingUpgrade): Promise<void>;
  /** Once every pending migration succeeded. */
  after(upgrade: PendingUpgrade): Promise<void>;
}

export type DatabaseTarget =
  | {
      kind: 'pglite';
      dataDir: string | undefined;
      upgrade?: UpgradeHooks;
      /** Where a new database's template is looked for (pglite.ts); next to this module by default. */
      templateDir?: string;
    }
  | { kind: 'postgres'; url: string };

/** The embedded database was migrated by a later Draftsmith than this one. */
export class DatabaseNewerError extends Error {}

/**
 * Opens the database and applies pending migrations. Each kind's driver is loaded only when it is used:
 * a server on PostgreSQL does not carry PGlite, nor the embedded one `pg` (issue 15: memory at rest).
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  return target.kind === 'postgres' ? openPostgres(target.url) : openPglite(target);
}

async function openPglite({
  dataDir,
  upgrade,
  templateDir = PGLITE_TEMPLATE_DIR,
}: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<Database> {
  const [{ openPgliteClient }, { drizzle }, { migrate }] = await Promise.all([
    import('./pglite.ts'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await openPgliteClient(dataDir, templateDir);
  const db = drizzle({ client, schema, casing: 'snake_case' });
  const dumpDataDir = () => client.dumpDataDir('gzip');
  try {
    const journal = readJournal(MIGRATIONS_DIR);
    const state = await migrationState(db, journal);
    if (state.newerThanCode) {
      throw new DatabaseNewerError(
        `The database in ${dataDir} was upgraded by a later version of Draftsmith than this one. ` +
          'Run that version, or restore the snapshot taken before the upgrade (docs/operations.md, "Upgrading").',
      );
    }
    // A new database has nothing to lose; an existing one is snapshotted before its schema changes.
    const pending: PendingUpgrade | null =
      upgrade && state.current.migrations > 0 && state.pending.length > 0
        ? {
            from: state.current,
            to: levelOf(journal, journal.length),
            pending: state.pending,
            dumpDataDir,
          }
        : null;
    if (pending) await upgrade?.before(pending);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    if (pending) await upgrade?.after(pending);
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
  return {
    db,
    kind: 'pglite',
    ping: () => timed(() => client.query('select 1')),
    dumpDataDir,
    close: () => client.close(),
  };
}

// Any 32-bit number unique to this app: serialises migrations when several instances start at once.
const MIGRATION_LOCK_ID = 0x64726674;

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A database that is down or out of reach fails a call within 5 s (a 503, database-outage.ts) rather than
  // holding it; TCP keep-alive finds a connection whose server vanished without closing it.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  pool.on('error', () => {
    // Idle client errors (e.g. a server restart) are surfaced on the next query; don't crash.
  });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle({ client: lockClient, schema, casing: 'snake_case' }), {
      migrationsFolder: MIGRATIONS_DIR,
    });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: () => timed(() => pool.query('select 1')),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
    close: () => pool.end(),
  };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}
