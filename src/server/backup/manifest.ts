import { z } from 'zod';
import { appVersion } from '#server/app-version';

/**
 * A Draftsmith backup (ADR 0015) is a tar.gz holding, in this order: `manifest.json`, then
 * `database/pglite.tar.gz` (PGlite's own dump; embedded database only), `secrets/auth-secret`,
 * `settings.env` and `uploads/<storage key>`. Nothing else: a restore refuses any other entry.
 */
export const ENTRY = {
  manifest: 'manifest.json',
  database: 'database/pglite.tar.gz',
  authSecret: 'secrets/auth-secret',
  settings: 'settings.env',
  uploadsPrefix: 'uploads/',
} as const;

/** Directory entries another tar tool may add when an archive is repacked; they carry nothing. */
export const DIRECTORY_ENTRIES = new Set(['database/', 'secrets/', 'uploads/']);

/** Largest accepted entry of each kind (bytes): archives are hostile input until proven otherwise. */
export const ENTRY_LIMITS = {
  manifest: 64 * 1024,
  authSecret: 4 * 1024,
  settings: 64 * 1024,
  /** Photos arrive at ≤ 2 MB and are re-encoded; an animation can grow, never this much. */
  upload: 32 * 1024 * 1024,
  /**
   * PGlite's dump, compressed. PGlite builds the dump in memory and loads it back whole (gunzipped
   * into one buffer), so a database this large is already past what the embedded design is for
   * (ADR 0015); a fresh one is 4.5 MB.
   */
  database: 4 * 1024 ** 3,
} as const;

/**
 * Limits on what a backup holds in total, counted while it is read: a tar header may claim any size,
 * and a gzip of zeros unpacks a thousandfold, so a small archive could otherwise make a restore
 * allocate gigabytes (PGlite loads the whole dump into memory) or create files without end.
 */
export interface ArchiveLimits {
  /** Sum of the sizes inside the database dump: the data directory PGlite will hold in memory. */
  readonly databaseBytes: number;
  /** Files and directories inside the database dump. */
  readonly databaseEntries: number;
  /** Uploaded files; each costs the reader its name in memory. */
  readonly uploads: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  // Like ENTRY_LIMITS.database: past the embedded design, not a size a real install reaches.
  databaseBytes: 4 * 1024 ** 3,
  // A fresh data directory has about 1,000; tables and indexes add a few files each.
  databaseEntries: 100_000,
  // One photo per account at most: a million accounts' photos, about 150 MB of names to check.
  uploads: 1_000_000,
};

const schemaLevel = z.object({
  migrations: z.number().int().min(0).max(100_000),
  latest: z.string().max(200).nullable(),
  latestWhen: z.number().int().nullable(),
});

export const manifestSchema = z.object({
  format: z.literal('draftsmith-backup'),
  formatVersion: z.literal(1),
  appVersion: z.string().max(100),
  createdAt: z.iso.datetime(),
  /** `backup` (npm run backup) or `pre-upgrade` (the snapshot taken before migrations run). */
  reason: z.enum(['backup', 'pre-upgrade']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** False for PostgreSQL: pg_dump is its tool (docs/operations.md, "Backups"). */
    included: z.boolean(),
    schema: schemaLevel,
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

/** An archive's time in its file name, `20261201T101500Z`: sorts by time and is a valid name everywhere. */
export const fileStamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

export function newManifest(fields: {
  reason: BackupManifest['reason'];
  kind: BackupManifest['database']['kind'];
  schema: BackupManifest['database']['schema'];
  createdAt: string;
}): BackupManifest {
  return {
    format: 'draftsmith-backup',
    formatVersion: 1,
    appVersion: appVersion(),
    createdAt: fields.createdAt,
    reason: fields.reason,
    database: { kind: fields.kind, included: fields.kind === 'pglite', schema: fields.schema },
  };
}
