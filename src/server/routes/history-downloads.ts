import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '#server/auth/authenticate';
import { attachmentDisposition } from '#server/content-disposition';
import { AppError } from '#server/errors';
import { archiveSegment, chatMarkdown } from '#server/history/chat-markdown';
import { toChatResponse } from '#server/history/chat-response';
import { createChatsZip } from '#server/history/chats-zip';
import { apiErrors, fileReply } from '#server/openapi/route-responses';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import { toolSlugSchema } from '#shared/history';
import { formatToolName } from '#shared/tools';

/** ZIP exports of chats one user may ask for in an hour: each reads every chat of a tool, or all. */
export const CHAT_ZIPS_PER_HOUR = 20;

const TRANSCRIPT_TYPES = { md: 'text/markdown; charset=utf-8', json: 'application/json; charset=utf-8' };

/**
 * Chats as files to keep: one chat as Markdown or JSON (the path it shows), and every chat of one tool,
 * or of all, as a ZIP of Markdown files. The caller's own only (404 for another user's chat, 403 for
 * another uid).
 */
export const historyDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.historyRepository;
  const limitTranscripts = perUserRateLimit(app, {
    surface: 'exports',
    perMinute: app.config.HISTORY_RATE_LIMIT_PER_USER,
    what: 'downloads',
  });
  const limitZips = perUserRateLimit(app, {
    surface: 'chat_export',
    perHour: CHAT_ZIPS_PER_HOUR,
    what: 'chat exports',
  });

  app.get(
    '/history/:id/transcript',
    {
      schema: {
        tags: ['history'],
        summary: 'Download a whole chat',
        description:
          'The chat as Markdown (title, tool, date, then each request and answer it shows) or as JSON (the ' +
          'chat as `GET /api/history/item/{id}` returns it).',
        params: z.object({ id: z.string() }),
        querystring: z.object({ format: z.enum(['md', 'json'], { error: 'must be one of: md, json.' }) }),
        response: {
          200: fileReply('The file.', Object.values(TRANSCRIPT_TYPES)),
          ...apiErrors(400, 404, 429),
        },
      },
    },
    async (request, reply) => {
      await limitTranscripts(request);
      const row = await repo.get(request.user.sub, request.params.id);
      if (!row) throw new AppError('not_found:history', 'No such history chat.');
      const { format } = request.query;
      const body =
        format === 'md'
          ? chatMarkdown(row)
          : `${JSON.stringify({ history: toChatResponse(row) }, null, 2)}\n`;
      const name = `${archiveSegment(row.title, 'chat')} - ${formatToolName(row.service)}.${format}`;
      return reply
        .header('content-type', TRANSCRIPT_TYPES[format])
        .header('content-disposition', attachmentDisposition(name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(body, 'utf8'));
    },
  );

  app.get(
    '/users/:uid/history-export',
    {
      schema: {
        tags: ['history'],
        summary: 'Download chats as a ZIP',
        description:
          'Every chat of one tool (`service`), or of every tool, as a ZIP of Markdown files ' +
          `(\`<tool>/<date>-<title>.md\`), streamed while it is built. ${CHAT_ZIPS_PER_HOUR} an hour ` +
          '(429 `rate_limit:chat_export`).',
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
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          attachmentDisposition(`draftsmith-${service ?? 'all'}-chats-${date}.zip`),
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(zip.stream);
    },
  );
};
