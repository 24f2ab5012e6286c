import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_DIR } from '#server/db/client';
import { makeDirectory } from '#server/db/data-dir';
import { type DataDirLock, DataDirLockedError, lockDataDir } from '#server/db/data-dir-lock';
import { readJournal } from '#server/db/migration-level';
import { PGLITE_START_PARAMS } from '#server/db/pglite';
import type { FileStorage } from '#server/storage/file-storage';
import { uploadsDirectory, uploadsStorage } from '#server/storage/storage-plugin';
import {
  type ArchiveContents,
  ArchiveError,
  checkDatabaseDump,
  readBackupArchive,
} from './archive-reader.ts';

/** The lock file (ADR 0010) stays after a server stops, and a fresh volume has lost+found: both are "empty". */
const IGNORED_ENTRIES = new Set(['.draftsmith.lock.db', 'lost+found']);
const DATABASE_DOWNLOAD = '.restore-database.tar.gz';

/**
 * Restores a backup into an empty data directory: the target is checked, then the whole archive
 * (nothing written yet), then the directory is locked like a server would lock it and filled. PGlite
 * loads its own dump into DATA_DIR/pglite. The uploads go to `uploadsDir` (UPLOADS_DIR, default
 * DATA_DIR/uploads). A failure removes whatever the restore wrote, its uploads included.
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  uploadsDir?: string,
): Promise<ArchiveContents> {
  await checkTarget(dataDir, false);
  const journal = readJournal(MIGRATIONS_DIR);
  await readBackupArchive(archive, { journal });

  const created = createTarget(dataDir);
  const lock = lockTarget(dataDir);
  const before = new Set(await readdir(dataDir));
  // The uploads restored so far: a shared UPLOADS_DIR outside the data directory is cleaned file by file.
  const restored: string[] = [];
  let storage: FileStorage | undefined;
  let contents: ArchiveContents;
  try {
    await checkTarget(dataDir, true);
    const uploads = uploadsStorage(uploadsDirectory(dataDir, uploadsDir));
    storage = uploads;
    const download = join(dataDir, DATABASE_DOWNLOAD);
    contents = await readBackupArchive(archive, {
      journal,
      target: {
        database: (source) => pipeline(source, createWriteStream(download, { flags: 'wx', mode: 0o600 })),
        authSecret: (content) =>
          writeFile(join(dataDir, 'auth-secret'), content, { flag: 'wx', mode: 0o600 }),
        settings: (content) => writeFile(join(dataDir, 'settings.env'), content, { flag: 'wx', mode: 0o600 }),
        upload: async (key, source) => {
          await uploads.restore(key, source);
          restored.push(key);
        },
      },
    });
    if (contents.database) {
      // Checked again from the copy PGlite will read: the archive could have changed since the first pass.
      await checkDatabaseDump(createReadStream(download));
      await loadDatabase(join(dataDir, 'pglite'), download);
      await rm(download);
    }
  } catch (err) {
    for (const key of restored) await storage?.remove(key).catch(() => {});
    for (const entry of await readdir(dataDir).catch(() => [])) {
      if (!before.has(entry)) await rm(join(dataDir, entry), { recursive: true, force: true });
    }
    lock.release();
    if (created) await rm(created, { recursive: true, force: true });
    throw err;
  }
  lock.release();
  return contents;
}

/** Empty, or not there yet. `locked`: this restore holds the directory's lock (and wrote its record). */
async function checkTarget(dataDir: string, locked: boolean) {
  const info = await stat(dataDir).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new ArchiveError(`Cannot restore into ${dataDir}: it is not a directory.`);
  const entries = (await readdir(dataDir)).filter(
    (entry) => !IGNORED_ENTRIES.has(entry) && !(locked && entry === '.draftsmith.lock'),
  );
  // A server holding the directory writes this record: say so rather than "not empty".
  if (!locked && entries.includes('.draftsmith.lock')) lockTarget(dataDir).release();
  if (entries.length > 0) {
    const shown = entries.slice(0, 4).join(', ') + (entries.length > 4 ? ', …' : '');
    throw new ArchiveError(
      `Cannot restore into ${dataDir}: it is not empty (${shown}). Restore into a new directory ` +
        '(--data-dir <new directory>), then point DATA_DIR at it.',
    );
  }
}

/** The target and any missing parent; returns the first directory created, which a failure removes. */
function createTarget(dataDir: string): string | undefined {
  try {
    return makeDirectory(dataDir);
  } catch (err) {
    throw new ArchiveError(
      `Cannot restore into ${dataDir}: it could not be created (${(err as Error).message}).`,
    );
  }
}

function lockTarget(dataDir: string): DataDirLock {
  try {
    return lockDataDir(dataDir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new ArchiveError(
      `Cannot restore into ${dataDir}: a running Draftsmith server uses it. Restore into a new directory ` +
        '(--data-dir <new directory>), stop the server, then point DATA_DIR at the new one.',
    );
  }
}

async function loadDatabase(directory: string, dump: string) {
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(directory, {
      startParams: PGLITE_START_PARAMS,
      loadDataDir: await openAsBlob(dump, { type: 'application/gzip' }),
    });
    await client.query('select 1');
  } catch (err) {
    throw new ArchiveError(`The database in the archive could not be opened: ${(err as Error).message}.`);
  } finally {
    await client?.close();
  }
}
