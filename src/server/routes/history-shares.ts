import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors';
import type { ChatShare } from '#server/history/chat-shares';
import { apiErrors } from '#server/openapi/route-responses';
import { chatShareSchema } from '#shared/history';

const idParams = z.object({ id: z.string() });
const notFound = () => new AppError('not_found:history', 'No such history chat.');
const link = (share: ChatShare) => ({
  token: share.token,
  url: `/share/${share.token}`,
  createdAt: share.createdAt.toISOString(),
});

/**
 * A chat's public read-only link, for its owner (another user's chat is 404): make it (the same link
 * again while it lives), read it, revoke it. The page is `/share/<token>` (routes/shared-chats.ts).
 */
export const historyShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.historyRepository;

  app.post(
    '/history/:id/share',
    {
      schema: {
        tags: ['history'],
        summary: 'Share a chat by link',
        description:
          'A public read-only link to the chat (`/share/<token>`, an unguessable token): the same link while ' +
          'it lives. Anyone with it reads the chat’s requests and answers, nothing else of the owner’s ' +
          '(`GET /api/shared/{token}`). 404 `not_found:history` for another user’s chat.',
        params: idParams,
        response: { 200: z.object({ share: chatShareSchema }), ...apiErrors(404) },
      },
    },
    async (request) => {
      const share = await repo.share(request.user.sub, request.params.id);
      if (!share) throw notFound();
      return { share: link(share) };
    },
  );

  app.get(
    '/history/:id/share',
    {
      schema: {
        tags: ['history'],
        summary: 'A chat’s link',
        description: 'The chat’s public link, or null when it has none.',
        params: idParams,
        response: { 200: z.object({ share: chatShareSchema.nullable() }), ...apiErrors(404) },
      },
    },
    async (request) => {
      const user = request.user;
      if (!(await repo.get(user.sub, request.params.id))) throw notFound();
      const share = await repo.shareOf(user.sub, request.params.id);
      return { share: share ? link(share) : null };
    },
  );

  app.delete(
    '/history/:id/share',
    {
      schema: {
        tags: ['history'],
        summary: 'Stop sharing a chat',
        description: 'The link stops working at once (on every instance: it is looked up on every visit).',
        params: idParams,
        response: { 200: z.object({ revoked: z.boolean() }), ...apiErrors(404) },
      },
    },
    async (request) => {
      const user = request.user;
      if (!(await repo.get(user.sub, request.params.id))) throw notFound();
      return { revoked: await repo.unshare(user.sub, request.params.id) };
    },
  );
};
