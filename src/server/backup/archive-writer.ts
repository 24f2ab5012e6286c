import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type Header, type Pack, pack as tarPack } from 'tar-stream';
import type { FileStorage } from '#server/storage/file-storage';
import { type BackupManifest, ENTRY } from './manifest.ts';

export type HeaderArgument = Partial<Header> & Pick<Header, 'name'>;

export interface ArchiveSources {
  manifest: BackupManifest;
  /** PGlite's dump of the database; null with PostgreSQL (pg_dump's job). */
  database: Blob | null;
  /** The data directory: its generated auth secret, when there is one, is archived. */
  dataDir: string;
  /** settings.env's text. */
  settings: string;
  uploads: FileStorage;
}

export interface ArchiveSummary {
  uploads: number;
  authSecret: boolean;
}

/**
 * The backup as a gzipped tar stream (manifest.ts has the layout). Built while it is read: the uploads
 * are streamed from disk one at a time, so memory holds the database dump and one chunk, never the
 * archive. `summary` settles once every entry is written; a failure destroys the stream.
 */
export function createBackupArchive(sources: ArchiveSources): {
  stream: Readable;
  summary: Promise<ArchiveSummary>;
} {
  return createTarGzArchive((add) => fill(add, sources));
}

/** Adds one entry to an archive being written; resolves once its bytes are in (backpressure holds it). */
export type AddArchiveEntry = (
  header: HeaderArgument,
  content: string | Uint8Array | Readable,
) => Promise<void>;

/**
 * A gzipped tar stream whose entries `fill` adds one after another, written while the stream is read
 * (the backup, and a user's data export: users/account-export.ts). `summary` settles with what `fill`
 * returns once every entry is written; a failure destroys the stream.
 */
export function createTarGzArchive<T>(fill: (add: AddArchiveEntry) => Promise<T>): {
  stream: Readable;
  summary: Promise<T>;
} {
  const pack = tarPack();
  const gzip = createGzip();
  // A consumer that stops reading (a client gone) destroys gzip; the pipeline then destroys the pack,
  // which fails the entry being written: fill() stops there and `summary` rejects. The error itself
  // reaches the consumer through gzip.
  pipeline(Readable.from(pack, { objectMode: false }), gzip).catch(() => {});
  const summary = fill((header, content) => addEntry(pack, header, content)).then(
    (result) => {
      pack.finalize();
      return result;
    },
    (err: unknown) => {
      pack.destroy(err instanceof Error ? err : new Error(String(err)));
      throw err;
    },
  );
  // The stream reports the failure; this only keeps an unread summary from being an unhandled rejection.
  summary.catch(() => {});
  return { stream: gzip, summary };
}

async function fill(add: AddArchiveEntry, sources: ArchiveSources): Promise<ArchiveSummary> {
  await add({ name: ENTRY.manifest }, `${JSON.stringify(sources.manifest, null, 2)}\n`);
  if (sources.database) {
    await add(
      { name: ENTRY.database, size: sources.database.size },
      Readable.fromWeb(sources.database.stream() as import('node:stream/web').ReadableStream),
    );
  }
  const secret = await readFile(join(sources.dataDir, 'auth-secret')).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (secret) await add({ name: ENTRY.authSecret, mode: 0o600 }, secret);
  await add({ name: ENTRY.settings, mode: 0o600 }, sources.settings);
  let uploads = 0;
  for await (const key of sources.uploads.keys()) {
    // A photo replaced since the listing is gone: nothing refers to it any more.
    const file = await sources.uploads.get(key);
    if (!file) continue;
    await add({ name: `${ENTRY.uploadsPrefix}${key}`, size: file.size }, file.stream);
    uploads++;
  }
  return { uploads, authSecret: secret !== null };
}

/**
 * One entry, its bytes given or streamed. Through a pipeline, never `pipe`: when the consumer goes
 * away the pack destroys the entry, and an entry error nobody listens to would be an uncaught
 * exception that ends the server. The pipeline takes that error (the caller's promise rejects) and
 * closes the source (a file, the dump).
 */
async function addEntry(pack: Pack, header: HeaderArgument, content: string | Uint8Array | Readable) {
  let source: Readable;
  let size = header.size;
  if (content instanceof Readable) source = content;
  else {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    size = bytes.byteLength;
    source = Readable.from([bytes], { objectMode: false });
  }
  let entry: Writable;
  try {
    // Throws once the pack is destroyed (the consumer left between two entries).
    entry = pack.entry({ ...header, size }) as unknown as Writable;
  } catch (err) {
    source.destroy();
    throw err;
  }
  await pipeline(source, entry);
}
