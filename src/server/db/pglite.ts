import {
  createReadStream,
  createWriteStream,
  existsSync,
  openAsBlob,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { mkdir, readdir, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { extract as tarExtract } from 'tar-stream';

/**
 * PGlite's own start parameters (its defaults, listed again because `startParams` replaces them) plus
 * the embedded database's size for a small server (ADR 0023): a 16 MB buffer pool instead of
 * PostgreSQL's 128 MB default, which lives in the process's memory. The data files stay in the
 * operating system's page cache, so a page that is not in the pool costs a copy, not a disk read.
 */
export const PGLITE_START_PARAMS = [
  '--single',
  '-F',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'io_method=sync',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'shared_buffers=16MB',
];

/** The installed PGlite's version (its package.json is not among its exports: found from its entry). */
const { version } = JSON.parse(
  readFileSync(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '../package.json'),
    'utf8',
  ),
) as { version: string };

/**
 * The file name of an empty database made by this PGlite version (ADR 0023): a new data directory is
 * unpacked from it instead of running `initdb`, which holds two more PGlite instances and the initdb
 * module in memory at once (a peak near 1.1 GB). Another PGlite version looks for another file, so a
 * template is never loaded by a PGlite that did not make it.
 */
export const PGLITE_TEMPLATE_NAME = `pglite-${version}-template.tar.gz`;

/** Writes an empty database, as `initdb` leaves it, to `directory` (the build and the tests make it once). */
export async function writePgliteTemplate(directory: string): Promise<string> {
  const path = join(directory, PGLITE_TEMPLATE_NAME);
  const client = await PGlite.create({ startParams: PGLITE_START_PARAMS });
  try {
    const dump = await client.dumpDataDir('gzip');
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path); // never a half-written template, whoever else writes it at once
  } finally {
    await client.close();
  }
  return path;
}

/**
 * Opens PGlite on `dataDir` (in memory when undefined). A new database starts from the template in
 * `templateDir` when there is one for this PGlite version, else PGlite runs its own initdb. On disk the
 * template is unpacked as a stream before PGlite opens the directory: PGlite's own `loadDataDir` would
 * hold the whole unpacked archive (about 80 MB) in memory until the next full garbage collection.
 */
export async function openPgliteClient(
  dataDir: string | undefined,
  templateDir: string | undefined,
): Promise<PGlite> {
  const template = templateDir ? join(templateDir, PGLITE_TEMPLATE_NAME) : undefined;
  const usable = template && existsSync(template) ? template : undefined;
  if (dataDir === undefined) {
    const loadDataDir = usable ? await openAsBlob(usable, { type: 'application/gzip' }) : undefined;
    return PGlite.create('memory://', {
      startParams: PGLITE_START_PARAMS,
      ...(loadDataDir && { loadDataDir }),
    });
  }
  if (usable && !existsSync(join(dataDir, 'PG_VERSION')) && (await isEmptyOrMissing(dataDir))) {
    await unpackTemplate(usable, dataDir);
  }
  return PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
}

async function isEmptyOrMissing(directory: string): Promise<boolean> {
  const entries = await readdir(directory).catch(() => null);
  return entries === null || entries.length === 0;
}

/** Unpacks the template into a directory beside `dataDir`, then renames it into place (never half a database). */
async function unpackTemplate(template: string, dataDir: string): Promise<void> {
  const partial = `${dataDir}.new-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    const extract = tarExtract();
    const reading = pipeline(createReadStream(template), createGunzip(), extract);
    // A read error also ends the loop below; leaving the loop early (a refused entry) closes the pipeline.
    reading.catch(() => {});
    for await (const entry of extract) {
      const name = normalize(entry.header.name.replace(/^\/+/, ''));
      if (name === '.') {
        entry.resume(); // the archive's root: `partial` itself
        continue;
      }
      if (name === '..' || name.startsWith(`..${sep}`)) {
        throw new Error(`The PGlite template holds an entry outside its directory: ${entry.header.name}`);
      }
      const path = join(partial, name);
      if (entry.header.type === 'directory') {
        await mkdir(path, { recursive: true, mode: 0o700 });
        entry.resume();
      } else if (entry.header.type === 'file') {
        await mkdir(dirname(path), { recursive: true, mode: 0o700 });
        await pipeline(entry, createWriteStream(path, { mode: 0o600 }));
      } else {
        entry.resume();
      }
    }
    await reading;
    await rmdir(dataDir).catch(() => {}); // an empty directory left in place
    renameSync(partial, dataDir);
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    throw err;
  }
}
