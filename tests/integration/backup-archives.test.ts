import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArchiveError, readBackupArchive } from '#server/backup/archive-reader';
import { restoreBackup } from '#server/backup/restore';
import { formatSettingsEnv } from '#server/backup/settings-env';
import { MIGRATIONS_DIR } from '#server/db/client';
import { lockDataDir } from '#server/db/data-dir-lock';
import { readJournal } from '#server/db/migration-level';
import { type TarEntry as Entry, manifestEntry, tarGz } from '#tests/helpers/tar-archive';

const journal = readJournal(MIGRATIONS_DIR);
const latest = journal.at(-1)!;
const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e.png';

describe('reading a backup archive (hostile input)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'draftsmith-archive-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = async (entries: Entry[] | Buffer) => {
    const path = join(dir, 'backup.tar.gz');
    writeFileSync(path, Buffer.isBuffer(entries) ? entries : await tarGz(entries));
    return readBackupArchive(path, { journal });
  };
  const refusal = async (entries: Entry[] | Buffer) => {
    const error = await read(entries).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(ArchiveError);
    return (error as Error).message;
  };

  it('reads a backup without its database (PostgreSQL): uploads, secret and settings', async () => {
    const contents = await read([
      manifestEntry(),
      { name: 'secrets/auth-secret', content: `${'s'.repeat(43)}\n` },
      {
        name: 'settings.env',
        content: formatSettingsEnv({ PORT: '3000', AI_API_KEY: "it's $(secret)" }, 'now'),
      },
      { name: `uploads/${KEY}`, content: 'png' },
      { name: 'uploads/', type: 'directory' },
    ]);
    expect(contents).toMatchObject({ database: false, authSecret: true, settings: true, uploads: 1 });
  });

  it('refuses names that climb out of the data directory or are absolute', async () => {
    expect(await refusal([manifestEntry(), { name: '../evil', content: 'x' }])).toBe(
      'Entry "../evil" points outside the data directory ("..").',
    );
    expect(await refusal([manifestEntry(), { name: 'uploads/../../evil', content: 'x' }])).toContain(
      'points outside the data directory',
    );
    expect(await refusal([manifestEntry(), { name: '/etc/cron.d/evil', content: 'x' }])).toBe(
      'Entry "/etc/cron.d/evil" is an absolute path: a backup holds only relative names.',
    );
    expect(await refusal([{ name: '../manifest.json', content: '{}' }])).toContain('points outside');
    expect(await refusal([manifestEntry(), { name: 'uploads\\..\\evil', content: 'x' }])).toContain(
      'backslash',
    );
  });

  it('refuses links, devices and directories of its own', async () => {
    expect(
      await refusal([manifestEntry(), { name: `uploads/${KEY}`, type: 'symlink', linkname: '/etc/passwd' }]),
    ).toBe(`Entry "uploads/${KEY}" is a symbolic link (to "/etc/passwd"): a backup holds only files.`);
    expect(
      await refusal([manifestEntry(), { name: `uploads/${KEY}`, type: 'link', linkname: 'settings.env' }]),
    ).toContain('is a hard link');
    expect(await refusal([manifestEntry(), { name: 'settings.env', type: 'fifo' }])).toContain('is a fifo');
    expect(await refusal([manifestEntry(), { name: 'pglite/', type: 'directory' }])).toContain(
      'is a directory that is not part of a Draftsmith backup',
    );
  });

  it('refuses anything but its own entries, each once and within its size', async () => {
    expect(await refusal([{ name: 'notes.txt', content: 'x' }, manifestEntry()])).toContain(
      'is not a Draftsmith backup: its first entry is "notes.txt"',
    );
    expect(await refusal([manifestEntry(), { name: 'notes.txt', content: 'x' }])).toBe(
      'Entry "notes.txt" is not part of a Draftsmith backup.',
    );
    expect(await refusal([manifestEntry(), { name: 'uploads/evil.sh', content: 'x' }])).toContain(
      "is not an uploaded file's name",
    );
    const upload = { name: `uploads/${KEY}`, content: 'png' };
    expect(await refusal([manifestEntry(), upload, upload])).toBe(
      `The archive holds "uploads/${KEY}" twice.`,
    );
    expect(
      await refusal([manifestEntry(), { name: 'secrets/auth-secret', content: 'x'.repeat(5000) }]),
    ).toContain('is too large');
    expect(await refusal([manifestEntry(), { name: 'secrets/auth-secret', content: 'short' }])).toContain(
      'is not a secret Draftsmith made',
    );
  });

  it('refuses a settings file that a shell would run commands from', async () => {
    for (const line of ['PORT=$(touch /tmp/pwned)', 'PORT=`id`', "PORT='a'b", 'EVIL=1', 'PORT=1\nPORT=2']) {
      expect(await refusal([manifestEntry(), { name: 'settings.env', content: `${line}\n` }])).toMatch(
        /^settings\.env is not a settings file Draftsmith made: /,
      );
    }
  });

  it('refuses manifests it cannot trust: missing, malformed, or from a later schema', async () => {
    expect(await refusal([{ name: 'manifest.json', content: 'not json' }])).toContain('is not JSON');
    expect(await refusal([{ name: 'manifest.json', content: '{"format":"zip"}' }])).toContain(
      'is not a Draftsmith backup manifest (format:',
    );
    expect(
      await refusal([
        manifestEntry({ schema: { migrations: 99, latest: '0098_future', latestWhen: latest.when + 1 } }),
      ]),
    ).toContain('is newer than this version knows');
    expect(await refusal([manifestEntry({ kind: 'pglite', included: true })])).toContain(
      'its manifest lists a database, but the archive has none',
    );
    expect(await refusal(Buffer.alloc(0))).toContain('is empty');
    expect(await refusal(Buffer.from('PK\x03\x04 a zip file'))).toContain(
      'is not a gzip-compressed tar archive',
    );
    expect(await refusal(gzipSync('plain text, not tar'))).toContain('is not a readable tar.gz archive');
    expect(await refusal(gzipSync(Buffer.alloc(1024)))).toContain('is empty');
  });

  it('says an interrupted archive is incomplete', async () => {
    const whole = await tarGz([
      manifestEntry(),
      { name: `uploads/${KEY}`, content: Buffer.alloc(50_000, 7) },
    ]);
    expect(await refusal(whole.subarray(0, whole.length - 20))).toContain(
      'is incomplete: the archive ends early',
    );
  });

  it('checks the names inside the database dump too', async () => {
    const dump = await tarGz([
      { name: '/PG_VERSION', content: '17' },
      { name: '/../../escape', content: 'x' },
    ]);
    expect(
      await refusal([
        manifestEntry({ kind: 'pglite', included: true }),
        { name: 'database/pglite.tar.gz', content: dump },
      ]),
    ).toBe('The database dump holds an unsafe name: "/../../escape".');
    const notPostgres = await tarGz([{ name: '/hello', content: 'x' }]);
    expect(
      await refusal([
        manifestEntry({ kind: 'pglite', included: true }),
        { name: 'database/pglite.tar.gz', content: notPostgres },
      ]),
    ).toContain('is not a PostgreSQL data directory');
  });
});

describe('restoring an archive into a data directory', () => {
  let dir: string;
  let target: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'draftsmith-restore-'));
    target = join(dir, 'data');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const archive = async (entries: Entry[]) => {
    const path = join(dir, 'backup.tar.gz');
    writeFileSync(path, await tarGz(entries));
    return path;
  };

  it('writes nothing anywhere when an entry is hostile', async () => {
    for (const hostile of [
      { name: '../evil', content: 'x' },
      { name: `uploads/${KEY}`, type: 'symlink' as const, linkname: '../../evil' },
    ]) {
      const path = await archive([manifestEntry(), { name: `uploads/${KEY}`, content: 'png' }, hostile]);
      await expect(restoreBackup(path, target)).rejects.toThrow(ArchiveError);
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(dir)).toEqual(['backup.tar.gz']);
    }
  });

  it('restores uploads, the secret and the settings of a PostgreSQL backup', async () => {
    const secret = `${'k'.repeat(43)}\n`;
    const path = await archive([
      manifestEntry(),
      { name: 'secrets/auth-secret', content: secret },
      { name: 'settings.env', content: 'PORT=3000\n' },
      { name: `uploads/${KEY}`, content: 'png bytes' },
    ]);
    const contents = await restoreBackup(path, target);
    expect(contents).toMatchObject({ database: false, uploads: 1, authSecret: true, settings: true });
    expect(readFileSync(join(target, 'auth-secret'), 'utf8')).toBe(secret);
    expect(statSync(join(target, 'auth-secret')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(target, 'uploads', KEY), 'utf8')).toBe('png bytes');
    expect(readdirSync(target).sort()).toEqual([
      '.draftsmith.lock.db',
      'auth-secret',
      'settings.env',
      'uploads',
    ]);
  });

  it('refuses a directory in use by a running server, and one that holds anything', async () => {
    const path = await archive([manifestEntry()]);
    mkdirSync(target);
    const lock = lockDataDir(target);
    try {
      await expect(restoreBackup(path, target)).rejects.toThrow(
        `Cannot restore into ${target}: a running Draftsmith server uses it.`,
      );
    } finally {
      lock.release();
    }
    // A stopped server leaves only its lock file: that directory counts as empty.
    await expect(restoreBackup(path, target)).resolves.toMatchObject({ uploads: 0 });
    await expect(restoreBackup(path, target)).rejects.toThrow(
      `Cannot restore into ${target}: it is not empty (`,
    );
  });

  it('removes what it wrote when the database cannot be opened', async () => {
    const dump = await tarGz([
      { name: '/PG_VERSION', content: '17\n' },
      { name: '/base/1/1259', content: 'not a relation' },
    ]);
    const path = await archive([
      manifestEntry({ kind: 'pglite', included: true }),
      { name: 'database/pglite.tar.gz', content: dump },
      { name: `uploads/${KEY}`, content: 'png' },
    ]);
    await expect(restoreBackup(path, target)).rejects.toThrow(
      /^The database in the archive could not be opened: /,
    );
    expect(existsSync(target)).toBe(false);
  }, 60_000);
});
