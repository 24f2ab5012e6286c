import { buffer } from 'node:stream/consumers';
import { gzipSync } from 'node:zlib';
import { type Header, pack as tarPack } from 'tar-stream';
import { type BackupManifest, newManifest } from '#server/backup/manifest';
import { MIGRATIONS_DIR } from '#server/db/client';
import { readJournal } from '#server/db/migration-level';

export type TarEntry = Partial<Header> & { name: string; content?: string | Buffer };

/** A tar.gz of exactly these entries, links and odd names included: what a hostile archive can hold. */
export async function tarGz(entries: TarEntry[]): Promise<Buffer> {
  const pack = tarPack();
  const done = buffer(pack as unknown as AsyncIterable<Buffer>);
  for (const { content, ...header } of entries) {
    await new Promise<void>((resolve, reject) =>
      pack.entry(header, content ?? '', (err) => (err ? reject(err) : resolve())),
    );
  }
  pack.finalize();
  return gzipSync(await done);
}

/** A valid manifest entry at this code's latest schema (PostgreSQL unless the overrides say otherwise). */
export function manifestEntry(overrides: Partial<BackupManifest['database']> = {}): TarEntry {
  const latest = readJournal(MIGRATIONS_DIR).at(-1);
  const manifest = newManifest({
    reason: 'backup',
    kind: 'postgres',
    schema: {
      migrations: readJournal(MIGRATIONS_DIR).length,
      latest: latest?.tag ?? null,
      latestWhen: latest?.when ?? null,
    },
    createdAt: new Date().toISOString(),
  });
  return {
    name: 'manifest.json',
    content: JSON.stringify({ ...manifest, database: { ...manifest.database, ...overrides } }),
  };
}

/**
 * A ustar header claiming `size` bytes, written by hand: tar-stream writes a header only together with
 * its bytes, and a hostile archive claims sizes it never delivers, or delivers as a gzip bomb.
 */
export function tarHeader(name: string, size: number, type: 'file' | 'directory' = 'file'): Buffer {
  const block = Buffer.alloc(512);
  const octal = (offset: number, length: number, value: number) =>
    block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'latin1');
  block.write(name, 0, 100, 'utf8');
  octal(100, 8, type === 'directory' ? 0o755 : 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, 0);
  block.write(type === 'directory' ? '5' : '0', 156, 1, 'latin1');
  block.write('ustar\u000000', 257, 8, 'latin1');
  // The checksum is the sum of the header's bytes with its own field read as spaces.
  block.fill(' ', 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return block;
}

/** `content` and the zeros that fill its last 512-byte block, as it stands in a tar. */
export function tarBlocks(content: string): Buffer {
  const bytes = Buffer.from(content);
  return Buffer.concat([bytes, Buffer.alloc((512 - (bytes.length % 512)) % 512)]);
}

const ZEROS_PER_MEMBER = 16 * 1024 * 1024;

/**
 * A PGlite dump made to exhaust memory: /PG_VERSION, then one file of `size` zero bytes (a multiple
 * of 16 MiB). gzip members concatenate, so the zeros are one small compressed block repeated: about
 * 1 MB of archive per GB unpacked.
 */
export function databaseDumpBomb(size: number): Buffer {
  if (size % ZEROS_PER_MEMBER !== 0) throw new Error(`size must be a multiple of ${ZEROS_PER_MEMBER}`);
  const head = gzipSync(
    Buffer.concat([tarHeader('/PG_VERSION', 3), tarBlocks('17\n'), tarHeader('/base/1/16384', size)]),
  );
  const zeros = gzipSync(Buffer.alloc(ZEROS_PER_MEMBER), { level: 9 });
  const end = gzipSync(Buffer.alloc(1024));
  return Buffer.concat([head, ...new Array<Buffer>(size / ZEROS_PER_MEMBER).fill(zeros), end]);
}
