import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { type Header, type Pack, pack as tarPack } from 'tar-stream';
import type { FileStorage } from '#server/storage/file-storage';
import { type BackupManifest, ENTRY } from './manifest.ts';

type HeaderArgument = Partial<Header> & Pick<Header, 'name'>;

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
  const pack = tarPack();
  const gzip = createGzip();
  // A consumer that stops reading (a client gone) destroys gzip; the pipeline then ends the pack.
  pipeline(Readable.from(pack, { objectMode: false }), gzip, () => {});
  const summary = fill(pack, sources).then(
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

async function fill(pack: Pack, sources: ArchiveSources): Promise<ArchiveSummary> {
  await addBuffer(pack, { name: ENTRY.manifest }, `${JSON.stringify(sources.manifest, null, 2)}\n`);
  if (sources.database) {
    await addStream(
      pack,
      { name: ENTRY.database, size: sources.database.size },
      Readable.fromWeb(sources.database.stream() as import('node:stream/web').ReadableStream),
    );
  }
  const secret = await readFile(join(sources.dataDir, 'auth-secret')).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (secret) await addBuffer(pack, { name: ENTRY.authSecret, mode: 0o600 }, secret);
  await addBuffer(pack, { name: ENTRY.settings, mode: 0o600 }, sources.settings);
  let uploads = 0;
  for await (const key of sources.uploads.keys()) {
    // A photo replaced since the listing is gone: nothing refers to it any more.
    const file = await sources.uploads.get(key);
    if (!file) continue;
    await addStream(pack, { name: `${ENTRY.uploadsPrefix}${key}`, size: file.size }, file.stream);
    uploads++;
  }
  return { uploads, authSecret: secret !== null };
}

function addBuffer(pack: Pack, header: HeaderArgument, content: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    pack.entry(header, content, (err) => (err ? reject(err) : resolve()));
  });
}

function addStream(pack: Pack, header: HeaderArgument, source: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry(header, (err) => {
      if (err) {
        source.destroy();
        reject(err);
      } else resolve();
    });
    source.on('error', (err) => entry.destroy(err));
    source.pipe(entry as unknown as NodeJS.WritableStream);
  });
}
