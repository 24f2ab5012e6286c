import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '#server/db/client';
import { TEST_PGLITE_TEMPLATE_DIR } from './pglite-template.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and drops the per-file PostgreSQL database. */
  destroy(): Promise<void>;
}

/** A fresh, migrated database of its own for one test file (in-memory PGlite or a new PostgreSQL db). */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: undefined,
      templateDir: TEST_PGLITE_TEMPLATE_DIR,
    });
    return { database, destroy: () => database.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: empty.url });
  return {
    database,
    async destroy() {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server (no migrations run). */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `draftsmith_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
