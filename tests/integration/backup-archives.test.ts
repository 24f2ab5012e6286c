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
import { ARCHIVE_LIMITS, type ArchiveLimits, ENTRY_LIMITS } from '#server/backup/manifest';
import { restoreBackup } from '#server/backup/restore';
import { formatSettingsEnv } from '#server/backup/settings-env';
import { MIGRATIONS_DIR } from '#server/db/client';
import { lockDataDir } from '#server/db/data-dir-lock';
import { readJournal } from '#server/db/migration-level';
import {
  databaseDumpBomb,
  type TarEntry as Entry,
  manifestEntry,
  tarBlocks,
  tarGz,
  tarHeader,
} from '#tests/helpers/tar-archive';

const journal = readJournal(MIGRATIONS_DIR);
const latest = journal.at(-1)!;
const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e.png';

/** The most resident memory grew above where it stood, sampled until `stop()`. */
function watchMemory() {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss) - start;
    },
  };
}

describe('reading a backup archive (hostile input)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'draftsmith-archive-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const read = async (entries: Entry[] | Buffer, limits?: ArchiveLimits) => {
    const path = join(dir, 'backup.tar.gz');
    writeFileSync(path, Buffer.isBuffer(entries) ? entries : await tarGz(entries));
    return readBackupArchive(path, { journal, limits });
  };
  const refusal = async (entries: Entry[] | Buffer, limits?: ArchiveLimits) => {
    const error = await read(entries, limits).then(
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
    // Directory entries carry nothing, but a million of them would still be read one by one.
    expect(
      await refusal([
        manifestEntry(),
        { name: 'uploads/', type: 'directory' },
        { name: 'uploads', type: 'directory' },
      ]),
    ).toBe('The archive holds "uploads" twice.');
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

  it('refuses a database entry larger than any embedded database, at its header', async () => {
    const manifest = manifestEntry({ kind: 'pglite', included: true });
    const size = ENTRY_LIMITS.database + 512;
    // Only the headers: the bytes they claim are never read.
    const archive = gzipSync(
      Buffer.concat([
        tarHeader(manifest.name, Buffer.byteLength(manifest.content as string)),
        tarBlocks(manifest.content as string),
        tarHeader('database/pglite.tar.gz', size),
      ]),
    );
    expect(await refusal(archive)).toBe(
      `Entry "database/pglite.tar.gz" is too large (${size} bytes, at most ${ENTRY_LIMITS.database}).`,
    );
  });

  it('refuses a gzip bomb in the database dump at its first large header, in little memory and time', async () => {
    // 5 MB that unpack to 5 GB of zeros; PGlite would load them whole into memory.
    const bomb = databaseDumpBomb(5 * 1024 ** 3);
    expect(bomb.length).toBeLessThan(8_000_000);
    const entries = [
      manifestEntry({ kind: 'pglite', included: true }),
      { name: 'database/pglite.tar.gz', content: bomb },
    ];
    const memory = watchMemory();
    const message = await refusal(entries);
    expect(message).toBe(
      `The database dump in the archive unpacks to more than ${ARCHIVE_LIMITS.databaseBytes} bytes: ` +
        'too large for the embedded database to load.',
    );
    // A restore reads the whole archive through the same checks before it writes anything.
    const target = join(dir, 'data');
    await expect(restoreBackup(join(dir, 'backup.tar.gz'), target)).rejects.toThrow(message);
    expect(existsSync(target)).toBe(false);
    // Refused from the headers' claims: draining the 5 GB instead would grow nothing but take many seconds.
    expect(memory.stop()).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses a database dump with more entries than any data directory has', async () => {
    const count = ARCHIVE_LIMITS.databaseEntries;
    const directory = tarHeader('/base/', 0, 'directory');
    const dump = gzipSync(
      Buffer.concat([
        tarHeader('/PG_VERSION', 3),
        tarBlocks('17\n'),
        ...new Array<Buffer>(count).fill(directory),
        Buffer.alloc(1024),
      ]),
      { level: 1 },
    );
    expect(
      await refusal([
        manifestEntry({ kind: 'pglite', included: true }),
        { name: 'database/pglite.tar.gz', content: dump },
      ]),
    ).toBe(
      `The database dump in the archive holds more than ${count} files and directories: ` +
        'no Draftsmith database has that many.',
    );
  }, 60_000);

  it('refuses more uploaded files than its limit', async () => {
    const uploads = ['a', 'b', 'c'].map((n) => ({
      name: `uploads/0f8fad5b-d9cb-469f-a165-70867728950${n}.png`,
      content: 'png',
    }));
    const limits = { ...ARCHIVE_LIMITS, uploads: 2 };
    await expect(read([manifestEntry(), ...uploads.slice(0, 2)], limits)).resolves.toMatchObject({
      uploads: 2,
    });
    expect(await refusal([manifestEntry(), ...uploads], limits)).toBe(
      'The archive holds more than 2 uploaded files, more than any Draftsmith keeps.',
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

  // Linux only: recursive mkdir spins forever under /proc on Node 24 (db/data-dir.ts).
  it.skipIf(!existsSync('/proc/self'))(
    'says why it cannot create the directory instead of hanging (a path under /proc)',
    async () => {
      const path = await archive([manifestEntry()]);
      await expect(restoreBackup(path, '/proc/draftsmith-restore/data')).rejects.toThrow(
        new ArchiveError(
          'Cannot restore into /proc/draftsmith-restore/data: it could not be created ' +
            "(ENOENT: no such file or directory, mkdir '/proc/draftsmith-restore').",
        ),
      );
    },
    10_000,
  );

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
    // The parents it had to create go too.
    const nested = join(dir, 'new', 'data');
    await expect(restoreBackup(path, nested)).rejects.toThrow(
      /^The database in the archive could not be opened: /,
    );
    expect(readdirSync(dir)).toEqual(['backup.tar.gz']);
  }, 60_000);

  it('restores the uploads into UPLOADS_DIR when given one, and removes them there on a failure', async () => {
    const shared = join(dir, 'shared-uploads');
    mkdirSync(shared);
    writeFileSync(join(shared, 'kept.png'), 'another instance’s file');
    const good = await archive([manifestEntry(), { name: `uploads/${KEY}`, content: 'png bytes' }]);
    await expect(restoreBackup(good, target, shared)).resolves.toMatchObject({ uploads: 1 });
    expect(readFileSync(join(shared, KEY), 'utf8')).toBe('png bytes');
    expect(readdirSync(target)).toEqual(['.draftsmith.lock.db']);

    rmSync(target, { recursive: true });
    rmSync(join(shared, KEY));
    const dump = await tarGz([{ name: '/PG_VERSION', content: '17\n' }]);
    const bad = await archive([
      manifestEntry({ kind: 'pglite', included: true }),
      { name: 'database/pglite.tar.gz', content: dump },
      { name: `uploads/${KEY}`, content: 'png' },
    ]);
    await expect(restoreBackup(bad, target, shared)).rejects.toThrow(/could not be opened/);
    expect(readdirSync(shared)).toEqual(['kept.png']);
  }, 60_000);
});
