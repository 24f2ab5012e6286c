import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { hashPassword } from 'better-auth/crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { restoreBackup } from '#server/backup/restore';
import { upgradeSnapshots } from '#server/backup/upgrade-snapshots';
import { loadConfig } from '#server/config/config';
import { DatabaseNewerError, MIGRATIONS_DIR, openDatabase } from '#server/db/client';
import { migrationState, readJournal } from '#server/db/migration-level';
import { openPgliteClient } from '#server/db/pglite';
import { cookieHeader, requestToken, signIn } from '#tests/factories/account';
import { startDataDirServer } from '#tests/helpers/data-dir-server';
import { TEST_PGLITE_TEMPLATE_DIR } from '#tests/helpers/pglite-template';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '#tests/helpers/test-database';

/**
 * Every schema an install can be at, taken from the migrations journal (a new migration adds a case by
 * itself): a database migrated to each earlier level and given data is opened by this version, which
 * migrates it to the latest; every row and column it had must come through unchanged, and the app
 * must serve it (the old password signs in, the history lists). The data is written with the first
 * migration's columns, which every later level still has.
 */
const journal = readJournal(MIGRATIONS_DIR);
const earlierLevels = journal.slice(0, -1).map((_, index) => index + 1);
/** The levels whose pre-upgrade snapshot is also restored and read (below). */
const restoreLevels = new Set([earlierLevels[0], earlierLevels.at(-1)]);
const root = mkdtempSync(join(tmpdir(), 'draftsmith-upgrade-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The migrations folder cut to its first `count` entries, as an install of that version had it. */
function migrationsUpTo(count: number): string {
  const folder = mkdtempSync(join(root, `migrations-${count}-`));
  mkdirSync(join(folder, 'meta'));
  for (const { tag } of journal.slice(0, count))
    cpSync(join(MIGRATIONS_DIR, `${tag}.sql`), join(folder, `${tag}.sql`));
  writeFileSync(
    join(folder, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: journal.slice(0, count).map(full) }),
  );
  return folder;
}
const full = (m: { tag: string }) => ({ ...m, version: '7', breakpoints: true });

/** A new, empty PGlite database, as a new data directory starts (from the template, not initdb). */
const newPglite = (dataDir: string) => openPgliteClient(dataDir, TEST_PGLITE_TEMPLATE_DIR);

interface Sql {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const account = { email: `old-${randomUUID().slice(0, 8)}@example.test`, password: 'Secret#123' };

async function seed(client: Sql): Promise<string> {
  const uid = randomUUID();
  await client.query(
    'insert into "user" (id, name, email, email_verified, image) values ($1, $2, $3, true, $4)',
    [uid, 'old-writer', account.email, `/api/uploads/${randomUUID()}.png`],
  );
  await client.query(
    `insert into account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)`,
    [randomUUID(), uid, await hashPassword(account.password)],
  );
  await client.query(`insert into profile (user_id, subscription) values ($1, 'pro')`, [uid]);
  await client.query(
    `insert into session (id, expires_at, token, user_id) values ($1, now() + interval '1 day', $2, $3)`,
    [randomUUID(), randomUUID(), uid],
  );
  for (const [n, service] of ['code-explainer', 'article-generator', 'email-helper'].entries()) {
    const messages = [
      { role: 'user', content: `Prompt ${n} — ünïcode` },
      { role: 'assistant', content: `Answer ${n}` },
    ];
    await client.query(
      `insert into history (user_id, service, title, messages, status, created_at)
       values ($1, $2, $3, $4::jsonb, $5, now() - ($6 || ' minutes')::interval)`,
      [uid, service, `Chat ${n}`, JSON.stringify(messages), n === 2 ? 'stopped' : 'complete', String(n)],
    );
  }
  return uid;
}

/** Every row of every table, as JSON of the columns the table had then (keyed by table). */
async function rowsOf(client: Sql, columnsByTable?: Map<string, string[]>) {
  const columns = columnsByTable ?? new Map<string, string[]>();
  if (!columnsByTable) {
    const found = await client.query(
      `select table_name, column_name from information_schema.columns
       where table_schema = 'public' order by table_name, ordinal_position`,
    );
    for (const { table_name, column_name } of found.rows as { table_name: string; column_name: string }[]) {
      columns.set(table_name, [...(columns.get(table_name) ?? []), column_name]);
    }
  }
  const rows = new Map<string, string[]>();
  for (const [table, names] of columns) {
    const list = names.map((n) => `"${n}"`).join(', ');
    const result = await client.query(
      `select row_to_json(t)::text as row from (select ${list} from "${table}") t order by 1`,
    );
    rows.set(
      table,
      result.rows.map((r) => r.row as string),
    );
  }
  return { columns, rows };
}

async function signsInAndListsHistory(app: FastifyInstance, uid: string) {
  const session = await signIn(app, account);
  expect(session.statusCode).toBe(200);
  const token = (await requestToken(app, cookieHeader(session), account.email)).json().token;
  const history = await app.inject({
    url: `/api/history/${uid}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(history.statusCode).toBe(200);
  expect(history.json().history.map((c: { title: string }) => c.title)).toEqual([
    'Chat 0',
    'Chat 1',
    'Chat 2',
  ]);
}

const config = (dataDir: string) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
  });

describe('the journal', () => {
  it('has earlier levels to upgrade from', () => {
    expect(journal.length).toBeGreaterThanOrEqual(2);
    expect(earlierLevels).toEqual(journal.slice(0, -1).map((m) => m.idx + 1));
  });
});

describe.each(testDatabaseKinds())('upgrading a database from every earlier migration (%s)', (kind) => {
  it.each(earlierLevels)(
    'from %i applied migration(s) to the latest, with its data intact',
    async (count) => {
      if (kind === 'postgres') {
        const empty = await createEmptyPostgresDatabase();
        try {
          const client = new pg.Client({ connectionString: empty.url });
          await client.connect();
          await migratePg(drizzlePg({ client }), { migrationsFolder: migrationsUpTo(count) });
          const uid = await seed(client);
          const before = await rowsOf(client);
          await client.end();

          const database = await openDatabase({ kind: 'postgres', url: empty.url });
          const app = await buildApp({ config: config(root), database, secret: 's'.repeat(40) });
          try {
            const state = await migrationState(database.db, journal);
            expect(state.pending).toEqual([]);
            const check = new pg.Client({ connectionString: empty.url });
            await check.connect();
            expect((await rowsOf(check, before.columns)).rows).toEqual(before.rows);
            await check.end();
            await signsInAndListsHistory(app, uid);
          } finally {
            await app.close();
            await database.close();
          }
        } finally {
          await empty.drop();
        }
        return;
      }

      const dataDir = mkdtempSync(join(root, `data-${count}-`));
      const client = await newPglite(join(dataDir, 'pglite'));
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsUpTo(count) });
      const uid = await seed(client);
      const before = await rowsOf(client);
      await client.close();
      // A snapshot left by an earlier upgrade: a successful upgrade replaces it.
      mkdirSync(join(dataDir, 'snapshots'));
      writeFileSync(join(dataDir, 'snapshots', 'pre-upgrade-0000-0001-20000101T000000Z.tar.gz'), 'old');

      const server = await startDataDirServer(dataDir);
      let snapshot: string;
      try {
        const from = journal[count - 1]!.tag.split('_')[0];
        const to = journal.at(-1)!.tag.split('_')[0];
        const snapshots = readdirSync(join(dataDir, 'snapshots'));
        expect(snapshots).toEqual([
          expect.stringMatching(new RegExp(`^pre-upgrade-${from}-${to}-\\d{8}T\\d{6}Z\\.tar\\.gz$`)),
        ]);
        snapshot = join(dataDir, 'snapshots', snapshots[0]!);
        expect(server.upgradeLog).toEqual([expect.stringContaining(snapshot)]);
        expect((await migrationState(server.database.db, journal)).pending).toEqual([]);
        const raw = server.database.db.$client as PGlite;
        expect((await rowsOf(raw, before.columns)).rows).toEqual(before.rows);
        await signsInAndListsHistory(server.app, uid);
      } finally {
        await server.close();
      }

      // A normal start takes no snapshot and keeps the one there.
      const again = await startDataDirServer(dataDir);
      await again.close();
      expect(again.upgradeLog).toEqual([]);
      expect(readdirSync(join(dataDir, 'snapshots'))).toEqual([snapshot.split('/').at(-1)]);

      // The snapshot is the data as it was: restored, it is at the earlier level with the same rows.
      // Restoring does not depend on the schema (an archive of the data directory), so it is checked
      // from the oldest and the newest earlier level: 1.5 s each on PGlite, most of a level's time.
      if (!restoreLevels.has(count)) return;
      const back = join(root, `back-${count}`);
      const contents = await restoreBackup(snapshot, back);
      expect(contents).toMatchObject({
        database: true,
        authSecret: true,
        manifest: { reason: 'pre-upgrade' },
      });
      expect(existsSync(join(back, 'auth-secret'))).toBe(true);
      const restored = await PGlite.create(join(back, 'pglite'));
      try {
        const state = await migrationState(drizzlePglite({ client: restored }), journal);
        expect(state.current.migrations).toBe(count);
        expect((await rowsOf(restored, before.columns)).rows).toEqual(before.rows);
      } finally {
        await restored.close();
      }
    },
    180_000,
  );
});

describe('an upgrade whose migration fails', () => {
  it('leaves one snapshot: the next start of the same upgrade uses it instead of writing another', async () => {
    const dataDir = mkdtempSync(join(root, 'failing-'));
    const count = journal.length - 1;
    const client = await newPglite(join(dataDir, 'pglite'));
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: migrationsUpTo(count) });
    const uid = await seed(client);
    // drizzle records each migration in its table within the migrations' transaction: refusing
    // that insert fails whichever migration comes next, and rolls it back.
    await client.exec(`
      create function refuse_migration() returns trigger language plpgsql
        as $$ begin raise exception 'migration refused by the test'; end $$;
      create trigger refuse_migration before insert on drizzle.__drizzle_migrations
        for each row execute function refuse_migration();`);
    await client.close();
    const from = journal[count - 1]!;
    const to = journal.at(-1)!;
    const snapshots = join(dataDir, 'snapshots');
    // Neither a snapshot cut off by a crash nor a file that only has the name is ever reused.
    mkdirSync(snapshots);
    const name = `pre-upgrade-${from.tag.split('_')[0]}-${to.tag.split('_')[0]}-20000101T000000Z.tar.gz`;
    const strangers = [`.${name}.partial`, name];
    for (const stranger of strangers) writeFileSync(join(snapshots, stranger), 'not a snapshot');

    const refused = { cause: expect.objectContaining({ message: 'migration refused by the test' }) };
    const log: string[] = [];
    const start = () =>
      openDatabase({
        kind: 'pglite',
        dataDir: join(dataDir, 'pglite'),
        upgrade: upgradeSnapshots({ dataDir, environment: {}, log: (line) => log.push(line) }),
      });
    await expect(start()).rejects.toMatchObject(refused);
    const written = readdirSync(snapshots).filter((entry) => !strangers.includes(entry));
    expect(written).toEqual([expect.stringMatching(/^pre-upgrade-\d+-\d+-\d{8}T\d{6}Z\.tar\.gz$/)]);
    const snapshot = join(snapshots, written[0]!);
    expect(log).toEqual([expect.stringContaining(`saved in ${snapshot} (to go back`)]);

    // Restarted a second later (a new snapshot would have a new name), it fails the same way.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(start()).rejects.toMatchObject(refused);
    expect(readdirSync(snapshots).sort()).toEqual([...strangers, written[0]].sort());
    expect(log[1]).toBe(
      `Upgrading the database from ${from.tag} to ${to.tag}; the data as it was is saved in ${snapshot}, ` +
        'taken by an earlier start whose upgrade failed (nothing has changed since, so no new snapshot is ' +
        'taken; to go back: docs/operations.md, "Upgrading").',
    );

    // Once the migration can run, the upgrade succeeds and keeps that snapshot, and only it.
    const fixed = await newPglite(join(dataDir, 'pglite'));
    await fixed.exec('drop trigger refuse_migration on drizzle.__drizzle_migrations');
    await fixed.close();
    const database = await start();
    try {
      expect((await migrationState(database.db, journal)).pending).toEqual([]);
    } finally {
      await database.close();
    }
    expect(readdirSync(snapshots)).toEqual([written[0]]);

    // It is the data as it was before the first try.
    const back = join(root, 'back-failing');
    await restoreBackup(snapshot, back);
    const restored = await PGlite.create(join(back, 'pglite'));
    try {
      expect((await migrationState(drizzlePglite({ client: restored }), journal)).current.migrations).toBe(
        count,
      );
      const { rows } = await restored.query('select id from "user"');
      expect(rows).toEqual([{ id: uid }]);
    } finally {
      await restored.close();
    }
  }, 180_000);
});

describe('a database from a later version', () => {
  it('stops the start with one line instead of running this version on it', async () => {
    const dataDir = mkdtempSync(join(root, 'later-'));
    const client = await newPglite(join(dataDir, 'pglite'));
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
    await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      'later',
      journal.at(-1)!.when + 1,
    ]);
    await client.close();
    await expect(openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') })).rejects.toThrow(
      new DatabaseNewerError(
        `The database in ${join(dataDir, 'pglite')} was upgraded by a later version of Draftsmith than this one. ` +
          'Run that version, or restore the snapshot taken before the upgrade (docs/operations.md, "Upgrading").',
      ),
    );
  }, 120_000);
});
