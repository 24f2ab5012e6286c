import { existsSync } from 'node:fs';
import { type FileHandle, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { MIGRATIONS_DIR } from '#server/db/client';
import { readJournal } from '#server/db/migration-level';
import { type ArchiveContents, readBackupArchive } from './archive-reader.ts';
import { BACKUP_TOKEN_FILE, type BackupTokenFile, readBackupTokenFile } from './backup-token.ts';
import { CommandError, formatBytes, listContents, parseCommandArgs } from './command.ts';

const USAGE = 'Usage: npm run backup -- <file.tar.gz> [--data-dir <DATA_DIR of the running server>]';

/**
 * `npm run backup -- <file>`: asks the running server for a backup (it holds the embedded database
 * open and locked), proving it may with the token the server wrote into its data directory, writes
 * the archive under a temporary name, reads it back whole, then gives it its name.
 */
export async function backupCommand(argv: string[]): Promise<void> {
  const { file, dataDir } = parseCommandArgs(argv, USAGE);
  const partial = `${file}.partial`;
  if (existsSync(file)) throw new CommandError(`${file} already exists: choose a new file name.`);
  if (!existsSync(dirname(file)))
    throw new CommandError(`Cannot write ${file}: ${dirname(file)} does not exist.`);

  const server = await readToken(dataDir);
  const output = await createPartial(partial);
  // From here the partial file is this run's own: a failure removes it (and only then: another
  // run may be writing one of the same name).
  let contents: ArchiveContents;
  try {
    const response = await requestBackup(server, dataDir);
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), output.createWriteStream());
    contents = await readBackupArchive(partial, { journal: readJournal(MIGRATIONS_DIR) });
    await rename(partial, file);
  } catch (err) {
    await output.close().catch(() => {});
    await rm(partial, { force: true });
    throw err;
  }

  const { size } = await stat(file);
  const { database } = contents.manifest;
  const parts = [
    ...(contents.database ? [`the database (embedded, schema ${database.schema.latest ?? 'empty'})`] : []),
    `${contents.uploads} uploaded ${contents.uploads === 1 ? 'file' : 'files'}`,
    ...(contents.authSecret ? ['the auth secret'] : []),
    ...(contents.settings ? ['the settings'] : []),
  ];
  console.log(`Backup written to ${file} (${formatBytes(size)}): ${listContents(parts)}.`);
  if (database.kind === 'postgres') {
    console.log(
      'The database is PostgreSQL, so it is not in this archive: back it up with pg_dump, e.g. ' +
        'pg_dump --format=custom --file=draftsmith.dump "$DATABASE_URL" (docs/operations.md, "Backups").',
    );
  }
  console.log('Keep it private: it holds password hashes, the auth secret and any keys in the settings.');
}

/** `<file>.partial`, created here and now (never opened if it exists), readable by this user only. */
async function createPartial(partial: string): Promise<FileHandle> {
  try {
    return await open(partial, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    throw new CommandError(
      `${partial} already exists: another backup is writing it, or one was interrupted. ` +
        'Remove it once no backup runs, or choose a new file name.',
    );
  }
}

async function readToken(dataDir: string): Promise<BackupTokenFile> {
  const path = join(dataDir, BACKUP_TOKEN_FILE);
  try {
    return await readBackupTokenFile(dataDir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new CommandError(
        `No running Draftsmith server found for ${dataDir} (no ${BACKUP_TOKEN_FILE} there): start the server, ` +
          'or name its data directory with --data-dir.',
      );
    }
    if (code === 'EACCES' || code === 'EPERM') {
      throw new CommandError(`Cannot read ${path}: run this command as the user the server runs as.`);
    }
    throw new CommandError(
      `${path} is damaged (${(err as Error).message}): restart the server to write it again.`,
    );
  }
}

async function requestBackup(server: BackupTokenFile, dataDir: string): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${server.url}/api/admin/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}` },
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new CommandError(
      `The server of ${dataDir} does not answer at ${server.url} (${cause?.code ?? cause?.message ?? 'no answer'}): ` +
        'is it running? Start it, then try again.',
    );
  }
  if (response.ok && response.body) return response;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new CommandError(
    `The server refused the backup (HTTP ${response.status}): ${body?.error?.message ?? response.statusText}`,
  );
}
