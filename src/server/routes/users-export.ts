import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '#server/auth/authenticate';
import { privateDownload } from '#server/content-disposition';
import { apiErrors, fileReply } from '#server/openapi/route-responses';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import { createAccountExport, exportFileName } from '#server/users/account-export';
import { accountGone } from '#server/users/users-repository';

/** Data exports one user may ask for in an hour: each reads every chat and uploaded file. */
export const EXPORTS_PER_HOUR = 5;

/**
 * GET /api/users/:uid/export: everything of the caller's account as one tar.gz (users/account-export.ts),
 * streamed while it is built. 403 for another uid; EXPORTS_PER_HOUR a user (429 `rate_limit:data_export`).
 */
export const userExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const limitExports = perUserRateLimit(app, {
    surface: 'data_export',
    perHour: EXPORTS_PER_HOUR,
    what: 'data exports',
  });

  app.get(
    '/users/:uid/export',
    {
      schema: {
        tags: ['users'],
        summary: 'Export everything of the caller’s account',
        description:
          'One tar.gz (`draftsmith-export-<YYYY-MM-DD>.tar.gz`), streamed while it is built: `profile.json`, ' +
          'the photo, every chat as Markdown and as `history.json`, the uploaded documents. 403 ' +
          `\`forbidden:user\` for another account’s id, then ${EXPORTS_PER_HOUR} an hour (429 \`rate_limit:data_export\`).`,
        params: z.object({ uid: z.string().min(1).max(200) }),
        response: {
          200: fileReply('The archive (`draftsmith-export-<date>.tar.gz`).', ['application/gzip']),
          ...apiErrors(400, 403, 429),
        },
      },
    },
    async (request, reply) => {
      requireSelf(request.user, request.params.uid);
      await limitExports(request);
      const now = new Date();
      const archive = await createAccountExport(
        {
          db: app.database.db,
          users: app.usersRepository,
          usage: app.usageRepository,
          history: app.historyRepository,
          fileStorage: app.fileStorage,
        },
        request.user.sub,
        now,
      );
      if (!archive) throw accountGone();
      archive.summary.then(
        (summary) => request.log.info({ ...summary }, 'data export sent'),
        (err: unknown) => request.log.warn({ err }, 'data export ended early'),
      );
      return privateDownload(reply, 'application/gzip', exportFileName(now)).send(archive.stream);
    },
  );
};
