import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors';
import { chatPath } from '#server/history/chat-thread';
import { apiErrors } from '#server/openapi/route-responses';
import { NO_SECURITY } from '#server/openapi/security';
import { sharedChatSchema } from '#shared/history';

/**
 * GET /api/shared/:token (public): the chat a link shows, while the link lives (revoked, or the chat
 * deleted: 404 at once). Never cached, and kept out of search engines.
 */
export const sharedChatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/shared/:token',
    {
      schema: {
        tags: ['history'],
        summary: 'A shared chat',
        description:
          'What `/share/<token>` shows: the title, the tool, the date and the chat’s requests and answers, ' +
          'with `Cache-Control: no-store` and `X-Robots-Tag: noindex, nofollow`. 404 `not_found:share` for a ' +
          'token that does not exist or no longer does (revoked, the chat or its owner deleted), and while ' +
          'its owner’s account is disabled.',
        security: NO_SECURITY,
        params: z.object({ token: z.string().max(100) }),
        response: { 200: z.object({ chat: sharedChatSchema }), ...apiErrors(404) },
      },
    },
    async (request, reply) => {
      const row = await app.historyRepository.sharedChat(request.params.token);
      if (!row) throw new AppError('not_found:share', 'This link does not exist or was revoked.');
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      return {
        chat: {
          title: row.title,
          service: row.service,
          createdAt: row.createdAt.toISOString(),
          messages: chatPath(row.messages, row.currentMessageId).map(({ role, content }) => ({
            role,
            content,
          })),
        },
      };
    },
  );
};
