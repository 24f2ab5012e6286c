import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createBackupArchive } from '#server/backup/archive-writer';
import { isBackupToken } from '#server/backup/backup-token';
import { fileStamp, newManifest } from '#server/backup/manifest';
import { formatSettingsEnv } from '#server/backup/settings-env';
import { MIGRATIONS_DIR } from '#server/db/client';
import { migrationState, readJournal } from '#server/db/migration-level';
import { AppError } from '#server/errors';

/**
 * POST /api/admin/backup (public: outside the user scope, since no user account may ask for everyone's
 * data; the caller proves it can read DATA_DIR instead, by sending the token the server wrote to
 * DATA_DIR/backup-token, as `npm run backup` does; ADR 0015). Answers the backup as a tar.gz stream.
 * One backup at a time; requests wait for the database while PGlite dumps it.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  let running = false;

  const checkToken = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      throw new AppError(
        'unauthorized:backup_token',
        'A backup needs the token in DATA_DIR/backup-token: run `npm run backup -- <file>` on the server.',
      );
    }
    if (!isBackupToken(header.slice('Bearer '.length).trim(), app.backupToken)) {
      throw new AppError(
        'forbidden:backup_token',
        "This backup token is not the running server's (it makes a new one at each start): run `npm run backup -- <file>` again.",
      );
    }
  };

  // Not in the OpenAPI document: `npm run backup` is its one client (docs/operations.md, "Backups"; ADR 0015).
  app.post('/admin/backup', { schema: { hide: true }, onRequest: checkToken }, async (request, reply) => {
    if (running) {
      throw new AppError('conflict:backup_running', 'A backup is already running: wait for it to finish.');
    }
    running = true;
    try {
      const createdAt = new Date().toISOString();
      const { current } = await migrationState(app.database.db, readJournal(MIGRATIONS_DIR));
      const database = app.database.dumpDataDir ? await app.database.dumpDataDir() : null;
      const manifest = newManifest({ reason: 'backup', kind: app.database.kind, schema: current, createdAt });
      const { stream, summary } = createBackupArchive({
        manifest,
        database,
        dataDir: app.config.DATA_DIR,
        settings: formatSettingsEnv(app.config.environment, createdAt),
        uploads: app.fileStorage,
      });
      stream.once('close', () => {
        running = false;
      });
      summary.then(
        (done) => request.log.info({ ...done, database: manifest.database.kind }, 'backup sent'),
        (err: unknown) => {
          // A caller that hung up (Ctrl-C on npm run backup) is not a failure of the server's.
          if (reply.raw.destroyed && !reply.raw.writableFinished) {
            request.log.warn('backup not finished: the caller closed the connection');
          } else request.log.error({ err }, 'backup failed while streaming');
        },
      );
      return reply
        .header('content-type', 'application/gzip')
        .header(
          'content-disposition',
          `attachment; filename="draftsmith-backup-${fileStamp(createdAt)}.tar.gz"`,
        )
        .header('cache-control', 'no-store')
        .send(stream);
    } catch (err) {
      running = false;
      throw err;
    }
  });
};
