import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSelf } from '#server/auth/authenticate';
import { AppError } from '#server/errors';
import { toChatResponse } from '#server/history/chat-response';
import { decodeCursor, encodeCursor } from '#server/history/history-cursor';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import {
  chatSchema,
  createHistorySchema,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  historyPageSchema,
  renameHistorySchema,
  toolSlugSchema,
} from '#shared/history';

const pageQuery = z.object({
  cursor: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(HISTORY_PAGE_DEFAULT),
});
const idParams = z.object({ id: z.string() });
const notFound = () => new AppError('not_found:history', 'No such history chat.');

/**
 * The history API (docs/product.md §7), in the protected scope (the caller is `request.user`). Ownership lives in the
 * repository's queries; uid paths must be the caller's.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = app.historyRepository;

  async function page(userId: string, service: string | undefined, query: z.infer<typeof pageQuery>) {
    const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !cursor)
      throw new AppError('bad_request:cursor', 'The cursor is not valid.');
    const { rows, next } = await repo.list(userId, { service, cursor, limit: query.limit });
    return { history: rows.map(toChatResponse), nextCursor: next ? encodeCursor(next) : null };
  }

  app.get(
    '/history/item/:id',
    { schema: { params: idParams, response: { 200: z.object({ history: chatSchema }) } } },
    async (request) => {
      const user = request.user;
      const row = await repo.get(user.sub, request.params.id);
      if (!row) throw notFound();
      return { history: toChatResponse(row) };
    },
  );

  app.get(
    '/history/:type/:uid',
    {
      schema: {
        params: z.object({ type: toolSlugSchema, uid: z.string() }),
        querystring: pageQuery,
        response: { 200: historyPageSchema },
      },
    },
    async (request) => {
      const user = request.user;
      requireSelf(user, request.params.uid);
      return page(user.sub, request.params.type, request.query);
    },
  );

  app.get(
    '/history/:uid',
    {
      schema: {
        params: z.object({ uid: z.string() }),
        querystring: pageQuery,
        response: { 200: historyPageSchema },
      },
    },
    async (request) => {
      const user = request.user;
      requireSelf(user, request.params.uid);
      return page(user.sub, undefined, request.query);
    },
  );

  const limitSaves = perUserRateLimit(app, {
    surface: 'history',
    perMinute: app.config.HISTORY_RATE_LIMIT_PER_USER,
    what: 'chats saved',
  });
  app.post(
    '/history',
    { schema: { body: createHistorySchema, response: { 201: z.object({ history: chatSchema }) } } },
    async (request, reply) => {
      const user = request.user;
      const { uid, service, title, messages } = request.body;
      requireSelf(user, uid);
      await limitSaves(request);
      const row = await repo.insertWithinQuota({
        userId: user.sub,
        service,
        title,
        messages,
        status: 'complete',
      });
      return reply.status(201).send({ history: toChatResponse(row) });
    },
  );

  app.patch(
    '/history/:id',
    { schema: { params: idParams, body: renameHistorySchema, response: { 200: chatSchema } } },
    async (request) => {
      const user = request.user;
      const row = await repo.rename(user.sub, request.params.id, request.body.title);
      if (!row) throw notFound();
      return toChatResponse(row);
    },
  );

  app.delete(
    '/history/:id',
    {
      schema: { params: idParams, response: { 200: z.object({ deleted: z.literal(true), id: z.string() }) } },
    },
    async (request) => {
      const user = request.user;
      if (!(await repo.remove(user.sub, request.params.id))) throw notFound();
      return { deleted: true as const, id: request.params.id };
    },
  );
};
