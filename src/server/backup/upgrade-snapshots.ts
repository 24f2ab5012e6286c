import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { PendingUpgrade, UpgradeHooks } from '#server/db/client';
import { migrationNumber, type SchemaLevel } from '#server/db/migration-level';
import { uploadsDirectory, uploadsStorage } from '#server/storage/storage-plugin';
import { readBackupManifest } from './archive-reader.ts';
import { createBackupArchive } from './archive-writer.ts';
import { fileStamp, newManifest } from './manifest.ts';
import { formatSettingsEnv } from './settings-env.ts';

/** The snapshot could not be written: the start stops before anything is migrated. */
export class UpgradeSnapshotError extends Error {}

export const SNAPSHOTS_DIR = 'snapshots';
const SNAPSHOT_NAME = /^\.?pre-upgrade-.+\.tar\.gz(\.partial)?$/;
/** What follows `pre-upgrade-<from>-<to>-` in a snapshot renamed into place once whole (not `.….partial`). */
const FINISHED_SUFFIX = /^\d{8}T\d{6}Z\.tar\.gz$/;

/**
 * Before an embedded database with data is migrated, a full backup of the data directory as it stands
 * (the same archive as `npm run backup`, so `npm run restore` takes it back) goes to
 * DATA_DIR/snapshots/pre-upgrade-<from>-<to>-<time>.tar.gz. Once the migrations succeed, older
 * snapshots are removed: the last upgrade can always be undone, and only one snapshot is kept (ADR 0015).
 * A failed migration leaves the database as it was (they run in one transaction), so a start that
 * finds a finished snapshot of the same upgrade uses it instead of writing one more at every try.
 */
export function upgradeSnapshots(options: {
  dataDir: string;
  /** UPLOADS_DIR when set (default DATA_DIR/uploads). */
  uploadsDir?: string;
  environment: Readonly<Record<string, string>>;
  /** One line saying where the snapshot is. */
  log(message: string): void;
}): UpgradeHooks {
  const directory = join(options.dataDir, SNAPSHOTS_DIR);
  let written: string | null = null;

  return {
    async before(upgrade: PendingUpgrade) {
      const prefix = `pre-upgrade-${migrationNumber(upgrade.from)}-${migrationNumber(upgrade.to)}-`;
      const earlier = await finishedSnapshot(directory, prefix, upgrade.from);
      if (earlier) {
        written = earlier;
        options.log(
          `Upgrading the database from ${upgrade.from.latest} to ${upgrade.to.latest}; the data as it was is saved in ` +
            `${join(directory, earlier)}, taken by an earlier start whose upgrade failed (nothing has changed ` +
            'since, so no new snapshot is taken; to go back: docs/operations.md, "Upgrading").',
        );
        return;
      }
      const createdAt = new Date().toISOString();
      const name = `${prefix}${fileStamp(createdAt)}.tar.gz`;
      const partial = join(directory, `.${name}.partial`);
      try {
        await mkdir(directory, { recursive: true, mode: 0o700 });
        const { stream, summary } = createBackupArchive({
          manifest: newManifest({ reason: 'pre-upgrade', kind: 'pglite', schema: upgrade.from, createdAt }),
          database: await upgrade.dumpDataDir(),
          dataDir: options.dataDir,
          settings: formatSettingsEnv(options.environment, createdAt),
          uploads: uploadsStorage(uploadsDirectory(options.dataDir, options.uploadsDir)),
        });
        await pipeline(stream, createWriteStream(partial, { mode: 0o600 }));
        await summary;
        await rename(partial, join(directory, name));
      } catch (err) {
        await rm(partial, { force: true });
        throw new UpgradeSnapshotError(
          `Could not save a snapshot of the database before upgrading it (${upgrade.from.latest} → ${upgrade.to.latest}) ` +
            `in ${directory}: ${(err as Error).message}. Nothing was changed: free some disk space or make the ` +
            'directory writable, then start again.',
          { cause: err },
        );
      }
      written = name;
      options.log(
        `Upgrading the database from ${upgrade.from.latest} to ${upgrade.to.latest}; the data as it was is saved in ` +
          `${join(directory, name)} (to go back: docs/operations.md, "Upgrading").`,
      );
    },

    async after() {
      for (const entry of await readdir(directory)) {
        if (entry !== written && SNAPSHOT_NAME.test(entry)) await rm(join(directory, entry), { force: true });
      }
    },
  };
}

/**
 * The newest finished snapshot of this upgrade, if any: named `<prefix><time>.tar.gz` (renamed into
 * place once whole) and whose manifest says it holds the database at `from`. A name alone is not
 * trusted: without a snapshot to fall back on, the upgrade would go ahead unprotected.
 */
async function finishedSnapshot(
  directory: string,
  prefix: string,
  from: SchemaLevel,
): Promise<string | null> {
  // Not there yet, or unreadable: a new snapshot is written (and says why if it cannot be).
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  const candidates = entries
    .filter(
      (entry) =>
        entry.isFile() &&
        entry.name.startsWith(prefix) &&
        FINISHED_SUFFIX.test(entry.name.slice(prefix.length)),
    )
    .map((entry) => entry.name)
    .sort()
    .reverse();
  for (const name of candidates) {
    const manifest = await readBackupManifest(join(directory, name)).catch(() => null);
    const schema = manifest?.database.schema;
    if (
      manifest?.reason === 'pre-upgrade' &&
      schema?.migrations === from.migrations &&
      schema.latest === from.latest &&
      schema.latestWhen === from.latestWhen
    ) {
      return name;
    }
  }
  return null;
}
