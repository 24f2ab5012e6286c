import { join, resolve } from 'node:path';
import { MIGRATIONS_DIR } from '#server/db/client';
import { readJournal } from '#server/db/migration-level';
import { CommandError, listContents, parseCommandArgs } from './command.ts';
import { restoreBackup } from './restore.ts';

const USAGE = 'Usage: npm run restore -- <backup.tar.gz> [--data-dir <empty directory>]';

/** `npm run restore -- <file>`: a backup or a pre-upgrade snapshot into an empty data directory. */
export async function restoreCommand(argv: string[]): Promise<void> {
  const { file, dataDir } = parseCommandArgs(argv, USAGE);
  if (file.startsWith(join(dataDir, '/'))) {
    throw new CommandError(
      `${file} is inside ${dataDir}, the directory to restore into: restore into a new directory (--data-dir).`,
    );
  }
  // A shared UPLOADS_DIR (several instances) takes the uploads, as the server would read them there.
  const uploadsSetting = process.env.UPLOADS_DIR?.trim();
  const uploadsDir = uploadsSetting ? resolve(uploadsSetting) : undefined;
  const contents = await restoreBackup(file, dataDir, uploadsDir);
  const { manifest } = contents;
  const { schema, kind } = manifest.database;
  const parts = [
    ...(contents.database ? [`the database (schema ${schema.latest ?? 'empty'})`] : []),
    `${contents.uploads} uploaded ${contents.uploads === 1 ? 'file' : 'files'}${uploadsDir ? ` (in ${uploadsDir})` : ''}`,
    ...(contents.authSecret ? ['the auth secret'] : []),
    ...(contents.settings ? ['the settings (settings.env)'] : []),
  ];
  const made = manifest.reason === 'pre-upgrade' ? 'snapshot taken before an upgrade' : 'backup';
  console.log(
    `Restored the ${made} of ${manifest.createdAt} (Draftsmith ${manifest.appVersion}) into ${dataDir}: ${listContents(parts)}.`,
  );
  if (kind === 'postgres') {
    console.log(
      'The database was PostgreSQL and is not in the archive: restore it with pg_restore (docs/operations.md, "Backups").',
    );
  }
  if (contents.settings) {
    console.log(
      `The server reads its environment, not settings.env: load it first if you need it (set -a; . ${join(dataDir, 'settings.env')}; set +a).`,
    );
  }
  const latest = readJournal(MIGRATIONS_DIR).length;
  const upgrade =
    contents.database && schema.migrations < latest
      ? ' It will upgrade the database to this version first, saving a snapshot.'
      : '';
  const uploadsVariable = uploadsDir ? ` and UPLOADS_DIR=${uploadsDir}` : '';
  console.log(`Start the server with DATA_DIR=${dataDir}${uploadsVariable}.${upgrade}`);
}
