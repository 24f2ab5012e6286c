import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '#server/auth/authenticate';
import { privateDownload } from '#server/content-disposition';
import { createChatsZip } from '#server/history/chats-zip';
import { apiErrors, fileReply } from '#server/openapi/route-responses';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import { toolSlugSchema } from '#shared/history';

/** ZIP exports of chats one user may ask for in an hour: each reads every chat of a tool, or all. */
export const CHAT_ZIPS_PER_HOUR = 20;

/**
 * Every chat of one tool, or of all, as a ZIP of Markdown files: the caller's own only (403 for another
 * uid). One chat downloads from the history routes (`/history/:id/transcript`).
 */
export const historyDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.historyRepository;
  const limitZips = perUserRateLimit(app, {
    surface: 'chat_export',
    perHour: CHAT_ZIPS_PER_HOUR,
    what: 'chat exports',
  });

  app.get(
    '/users/:uid/history-export',
    {
      schema: {
        tags: ['history'],
        summary: 'Download chats as a ZIP',
        description:
          'Every chat of one tool (`service`), or of every tool, as a ZIP of Markdown files ' +
          `(\`<tool>/<date>-<title>.md\`), streamed while it is built. 403 \`forbidden:user\` for another ` +
          `account’s id, then ${CHAT_ZIPS_PER_HOUR} an hour (429 \`rate_limit:chat_export\`).`,
        params: z.object({ uid: z.string().min(1).max(200) }),
        querystring: z.object({ service: toolSlugSchema.optional() }),
        response: {
          200: fileReply('The archive (`draftsmith-<tool or all>-chats-<date>.zip`).', ['application/zip']),
          ...apiErrors(400, 403, 429),
        },
      },
    },
    async (request, reply) => {
      requireSelf(request.user, request.params.uid);
      await limitZips(request);
      const { service } = request.query;
      const zip = createChatsZip(repo, request.user.sub, service);
      zip.chats.then(
        (chats) => request.log.info({ chats, service }, 'chats exported'),
        (err: unknown) => request.log.warn({ err }, 'chat export ended early'),
      );
      const date = new Date().toISOString().slice(0, 10);
      const name = `draftsmith-${service ?? 'all'}-chats-${date}.zip`;
      return privateDownload(reply, 'application/zip', name).send(zip.stream);
    },
  );
};
