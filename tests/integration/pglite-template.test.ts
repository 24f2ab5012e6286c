import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteClient, PGLITE_TEMPLATE_NAME } from '#server/db/pglite';
import { TEST_PGLITE_TEMPLATE_DIR } from '#tests/helpers/pglite-template';
import { tarGz } from '#tests/helpers/tar-archive';

/** A new embedded database starts from the build's template instead of initdb (ADR 0023). */
describe('the PGlite template', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'draftsmith-pglite-template-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is made by the test setup for this PGlite version', () => {
    expect(existsSync(join(TEST_PGLITE_TEMPLATE_DIR, PGLITE_TEMPLATE_NAME))).toBe(true);
  });

  it('becomes a new data directory that keeps its data and opens again as an existing one', async () => {
    const dataDir = join(dir, 'new', 'pglite');
    mkdirSync(join(dir, 'new'));
    const client = await openPgliteClient(dataDir, TEST_PGLITE_TEMPLATE_DIR);
    await client.exec("create table kept (v text); insert into kept values ('here')");
    const settings = await client.query<{ setting: string }>(
      "select setting from pg_settings where name = 'shared_buffers'",
    );
    expect(Number(settings.rows[0]?.setting) * 8).toBe(16 * 1024); // 8 kB pages: 16 MB
    await client.close();
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(readdirSync(join(dir, 'new'))).toEqual(['pglite']); // no partial directory left beside it

    const again = await openPgliteClient(dataDir, TEST_PGLITE_TEMPLATE_DIR);
    expect((await again.query<{ v: string }>('select v from kept')).rows).toEqual([{ v: 'here' }]);
    await again.close();
  });

  it('fills an empty directory, and without a template PGlite runs its own initdb', async () => {
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    const fromTemplate = await openPgliteClient(empty, TEST_PGLITE_TEMPLATE_DIR);
    expect((await fromTemplate.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await fromTemplate.close();

    const noTemplate = join(dir, 'no-template');
    mkdirSync(noTemplate);
    const initdb = await openPgliteClient(join(dir, 'initdb'), noTemplate);
    expect((await initdb.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await initdb.close();
    expect(existsSync(join(dir, 'initdb', 'PG_VERSION'))).toBe(true);
  });

  it('refuses a template entry outside its directory and leaves nothing behind', async () => {
    const hostile = join(dir, 'hostile');
    mkdirSync(hostile);
    writeFileSync(
      join(hostile, PGLITE_TEMPLATE_NAME),
      await tarGz([
        { name: '/PG_VERSION', content: '18\n' },
        { name: '../escaped', content: 'x' },
      ]),
    );
    const target = join(dir, 'target');
    await expect(openPgliteClient(target, hostile)).rejects.toThrow(/outside its directory/);
    expect(existsSync(join(dir, 'escaped'))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith('target'))).toEqual([]);
  });
});
