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
