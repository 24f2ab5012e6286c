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
} as const;

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
    /** False for PostgreSQL: pg_dump is its tool (README, "Backups"). */
    included: z.boolean(),
    schema: schemaLevel,
  }),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

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
