import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { type Header, extract as tarExtract } from 'tar-stream';
import { ENV_VARIABLES } from '#server/config/config';
import type { Migration } from '#server/db/migration-level';
import { isStorageKey } from '#server/storage/file-storage';
import {
  ARCHIVE_LIMITS,
  type ArchiveLimits,
  type BackupManifest,
  DIRECTORY_ENTRIES,
  ENTRY,
  ENTRY_LIMITS,
  manifestSchema,
} from './manifest.ts';
import { settingsEnvProblem } from './settings-env.ts';

/** Why an archive cannot be restored, in one line a person can act on. */
export class ArchiveError extends Error {}

export interface ArchiveContents {
  manifest: BackupManifest;
  database: boolean;
  authSecret: boolean;
  settings: boolean;
  uploads: number;
}

/** One entry of tar-stream's extract: its header and its bytes (read them, or drain them, before the next). */
type Entry = AsyncIterable<Uint8Array> & { header: Header };

/** Where a restore puts each part; without one, the archive is only checked. */
export interface ArchiveTarget {
  database(source: Readable): Promise<void>;
  authSecret(content: Buffer): Promise<void>;
  settings(content: Buffer): Promise<void>;
  upload(key: string, source: Readable): Promise<void>;
}

/**
 * Reads a backup from start to end, checking every entry before anything is done with it: the
 * manifest first, then only the names manifest.ts lists, only plain files, each within its size
 * limit, none twice, and no more than ARCHIVE_LIMITS in all. Archives are hostile input: an absolute
 * path, a `..`, a link or a device stops the read with an ArchiveError naming the entry. The gzip
 * checksum at the end catches a truncated or damaged file.
 */
export async function readBackupArchive(
  path: string,
  options: {
    journal: Migration[];
    target?: ArchiveTarget;
    /** ARCHIVE_LIMITS unless given (tests reach the counts with small archives). */
    limits?: ArchiveLimits;
  },
): Promise<ArchiveContents> {
  const extract = await openArchive(path);
  const seen = new Set<string>();
  let contents: ArchiveContents | null = null;
  try {
    for await (const item of extract) {
      const entry = item as unknown as Entry;
      const header = entry.header;
      checkEntry(header);
      if (contents === null) {
        const manifest = await readManifestEntry(path, entry);
        checkSchema(manifest, options.journal);
        contents = { manifest, database: false, authSecret: false, settings: false, uploads: 0 };
        seen.add(header.name);
        continue;
      }
      // A directory is named with or without its slash; either way it counts once.
      const name =
        header.type === 'directory' && !header.name.endsWith('/') ? `${header.name}/` : header.name;
      if (seen.has(name)) throw new ArchiveError(`The archive holds "${header.name}" twice.`);
      seen.add(name);
      if (header.type === 'directory') await drain(entry);
      else await readEntry(entry, header, contents, options.target, options.limits ?? ARCHIVE_LIMITS);
    }
  } catch (err) {
    throw readFailure(path, err);
  }
  if (contents === null) throw new ArchiveError(`${path} is empty: it is not a Draftsmith backup.`);
  const { database } = contents.manifest;
  if (database.included && !contents.database) {
    throw new ArchiveError(`${path} is incomplete: its manifest lists a database, but the archive has none.`);
  }
  return contents;
}

/** Only the manifest at the head of an archive, with the same checks; the rest is not read. */
export async function readBackupManifest(path: string): Promise<BackupManifest> {
  const extract = await openArchive(path);
  try {
    for await (const item of extract) {
      const entry = item as unknown as Entry;
      checkEntry(entry.header);
      return await readManifestEntry(path, entry);
    }
  } catch (err) {
    throw readFailure(path, err);
  }
  throw new ArchiveError(`${path} is empty: it is not a Draftsmith backup.`);
}

/** The archive's entries, one at a time. */
async function openArchive(path: string) {
  const info = await stat(path).catch((err: NodeJS.ErrnoException) => {
    throw new ArchiveError(`Cannot read ${path}: ${err.code === 'ENOENT' ? 'no such file' : err.message}.`);
  });
  if (!info.isFile()) throw new ArchiveError(`${path} is not a file.`);
  if (info.size === 0) throw new ArchiveError(`${path} is empty: it is not a Draftsmith backup.`);
  const extract = tarExtract();
  // Leaving the loop early (a refused entry, or only the manifest wanted) destroys extract; the
  // pipeline then closes the file and gunzip. An error of either reaches the loop through extract.
  pipeline(createReadStream(path), createGunzip(), extract as unknown as NodeJS.WritableStream).catch(
    () => {},
  );
  return extract;
}

async function readManifestEntry(path: string, entry: Entry): Promise<BackupManifest> {
  const { header } = entry;
  if (header.name !== ENTRY.manifest) {
    throw new ArchiveError(
      `${path} is not a Draftsmith backup: its first entry is "${header.name}", not ${ENTRY.manifest}.`,
    );
  }
  return parseManifest(await readSmall(entry, header, ENTRY_LIMITS.manifest));
}

function readFailure(path: string, err: unknown): ArchiveError {
  if (err instanceof ArchiveError) return err;
  if (isZlibError(err)) return describeGzipError(path, err);
  return new ArchiveError(`${path} is not a readable tar.gz archive (${(err as Error).message}).`);
}

/** Names and kinds a backup may hold; anything else is refused before it is read. */
function checkEntry(header: Header) {
  const { name, type } = header;
  if (name.includes('\0'))
    throw new ArchiveError(`An entry's name holds a NUL byte: ${JSON.stringify(name)}.`);
  if (name.startsWith('/') || name.startsWith('\\') || /^[A-Za-z]:/.test(name)) {
    throw new ArchiveError(`Entry "${name}" is an absolute path: a backup holds only relative names.`);
  }
  if (name.includes('\\')) throw new ArchiveError(`Entry "${name}" holds a backslash in its name.`);
  if (name.split('/').includes('..')) {
    throw new ArchiveError(`Entry "${name}" points outside the data directory ("..").`);
  }
  if (type === 'symlink') {
    throw new ArchiveError(
      `Entry "${name}" is a symbolic link (to "${header.linkname}"): a backup holds only files.`,
    );
  }
  if (type === 'link') {
    throw new ArchiveError(
      `Entry "${name}" is a hard link (to "${header.linkname}"): a backup holds only files.`,
    );
  }
  if (type === 'directory') {
    if (!DIRECTORY_ENTRIES.has(name.endsWith('/') ? name : `${name}/`)) {
      throw new ArchiveError(`Entry "${name}" is a directory that is not part of a Draftsmith backup.`);
    }
    return;
  }
  if (type !== 'file' && type !== 'contiguous-file') {
    throw new ArchiveError(`Entry "${name}" is a ${type}: a backup holds only files.`);
  }
}

async function readEntry(
  entry: Entry,
  header: Header,
  contents: ArchiveContents,
  target: ArchiveTarget | undefined,
  limits: ArchiveLimits,
) {
  const name = header.name;
  const stream = () => Readable.from(entry, { objectMode: false });
  if (name === ENTRY.database) {
    const { kind, included } = contents.manifest.database;
    if (kind !== 'pglite' || !included) {
      throw new ArchiveError(`The archive holds a database its manifest does not list (${kind}).`);
    }
    checkSize(header, ENTRY_LIMITS.database);
    if (target) await writing(name, target.database(stream()));
    else await checkDatabaseDump(stream(), limits);
    contents.database = true;
  } else if (name === ENTRY.authSecret) {
    const secret = await readSmall(entry, header, ENTRY_LIMITS.authSecret);
    if (!/^[\x21-\x7e]{32,}\n?$/.test(secret.toString('latin1'))) {
      throw new ArchiveError(
        `${ENTRY.authSecret} is not a secret Draftsmith made (32 printable characters or more).`,
      );
    }
    if (target) await writing(name, target.authSecret(secret));
    contents.authSecret = true;
  } else if (name === ENTRY.settings) {
    const settings = await readSmall(entry, header, ENTRY_LIMITS.settings);
    const problem = settingsEnvProblem(settings.toString('utf8'), ENV_VARIABLES);
    if (problem)
      throw new ArchiveError(`${ENTRY.settings} is not a settings file Draftsmith made: ${problem}.`);
    if (target) await writing(name, target.settings(settings));
    contents.settings = true;
  } else if (name.startsWith(ENTRY.uploadsPrefix)) {
    const key = name.slice(ENTRY.uploadsPrefix.length);
    if (!isStorageKey(key)) throw new ArchiveError(`Entry "${name}" is not an uploaded file's name.`);
    if (header.size > ENTRY_LIMITS.upload) {
      throw new ArchiveError(`Entry "${name}" is larger than any uploaded photo (${header.size} bytes).`);
    }
    if (contents.uploads >= limits.uploads) {
      throw new ArchiveError(
        `The archive holds more than ${limits.uploads} uploaded files, more than any Draftsmith keeps.`,
      );
    }
    if (target) await writing(name, target.upload(key, stream()));
    else await drain(entry);
    contents.uploads++;
  } else {
    throw new ArchiveError(`Entry "${name}" is not part of a Draftsmith backup.`);
  }
}

/**
 * PGlite's dump is itself a tar.gz whose names start with `/` (relative to its data directory).
 * PGlite unpacks it without checking names, so they are checked here: only files and directories,
 * no `..`, and a PG_VERSION file, the mark of a PostgreSQL data directory. PGlite also unpacks it
 * whole into memory, so the sizes its headers claim are added up, and entries counted, before any
 * entry's bytes are read (ARCHIVE_LIMITS): a small gzip bomb is refused at its first large header.
 */
export async function checkDatabaseDump(
  source: Readable,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<void> {
  const extract = tarExtract();
  // As in openArchive: stopping early closes the source; any error reaches the loop through extract.
  pipeline(source, createGunzip(), extract as unknown as NodeJS.WritableStream).catch(() => {});
  let version = false;
  let bytes = 0;
  let entries = 0;
  try {
    for await (const item of extract) {
      const entry = item as unknown as Entry;
      const { name, type, size } = entry.header;
      entries++;
      bytes += size;
      if (entries > limits.databaseEntries) {
        throw new ArchiveError(
          `The database dump in the archive holds more than ${limits.databaseEntries} files and directories: ` +
            'no Draftsmith database has that many.',
        );
      }
      if (bytes > limits.databaseBytes) {
        throw new ArchiveError(
          `The database dump in the archive unpacks to more than ${limits.databaseBytes} bytes: ` +
            'too large for the embedded database to load.',
        );
      }
      const relative = name.startsWith('/') ? name.slice(1) : name;
      const parts = relative.split('/');
      if (name.includes('\0') || name.includes('\\') || parts.includes('..') || relative.startsWith('/')) {
        throw new ArchiveError(`The database dump holds an unsafe name: ${JSON.stringify(name)}.`);
      }
      if (type !== 'file' && type !== 'directory') {
        throw new ArchiveError(`The database dump holds "${name}", a ${type}: it should hold only files.`);
      }
      if (relative === 'PG_VERSION') version = true;
      await drain(entry);
    }
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`The database dump in the archive is damaged (${(err as Error).message}).`);
  }
  if (!version)
    throw new ArchiveError('The database dump in the archive is not a PostgreSQL data directory.');
}

function parseManifest(bytes: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ArchiveError(`${ENTRY.manifest} is not JSON: the archive is not a Draftsmith backup.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new ArchiveError(
      `${ENTRY.manifest} is not a Draftsmith backup manifest (${where}${issue?.message}).`,
    );
  }
  return parsed.data;
}

/** A backup from a later Draftsmith has a schema this one cannot run; an earlier one is migrated at start. */
function checkSchema(manifest: BackupManifest, journal: Migration[]) {
  const { latest, latestWhen, migrations } = manifest.database.schema;
  if (latest === null && latestWhen === null) return;
  const known = journal.findIndex((m) => m.tag === latest && m.when === latestWhen);
  if (known >= 0 && known + 1 === migrations) return;
  const newest = journal.at(-1);
  if (latestWhen !== null && newest && latestWhen > newest.when) {
    throw new ArchiveError(
      `This backup was made by Draftsmith ${manifest.appVersion}, whose database schema (${latest ?? 'unknown'}) ` +
        'is newer than this version knows: restore it with that version or a later one.',
    );
  }
  throw new ArchiveError(
    `This backup's database schema (${latest}) is not one this version of Draftsmith knows.`,
  );
}

/** A failure to write an entry is the disk's, not the archive's: say which entry and why. */
async function writing(name: string, write: Promise<void>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`Could not write ${name} into the data directory: ${(err as Error).message}.`);
  }
}

function checkSize(header: Header, limit: number) {
  if (header.size > limit) {
    throw new ArchiveError(`Entry "${header.name}" is too large (${header.size} bytes, at most ${limit}).`);
  }
}

async function readSmall(entry: AsyncIterable<Uint8Array>, header: Header, limit: number): Promise<Buffer> {
  checkSize(header, limit);
  const chunks: Uint8Array[] = [];
  for await (const chunk of entry) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function drain(entry: AsyncIterable<Uint8Array>) {
  for await (const _chunk of entry) {
    // discarded: only the position in the archive matters
  }
}

/** zlib's errors carry its own codes (Z_BUF_ERROR, Z_DATA_ERROR, …). */
function isZlibError(err: unknown): err is NodeJS.ErrnoException {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}

function describeGzipError(path: string, err: NodeJS.ErrnoException): ArchiveError {
  if (err.code === 'Z_BUF_ERROR') {
    return new ArchiveError(`${path} is incomplete: the archive ends early (was the backup interrupted?).`);
  }
  return new ArchiveError(`${path} is not a gzip-compressed tar archive (a Draftsmith backup is a .tar.gz).`);
}
