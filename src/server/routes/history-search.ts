import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/errors';
import { searchChats } from '#server/history/chat-search';
import { apiErrors } from '#server/openapi/route-responses';
import { HISTORY_SEARCH_PAGE, historySearchQuerySchema, historySearchSchema } from '#shared/history';

/** The furthest a search pages: 50 pages of 20. */
const MAX_OFFSET = 1000;

const encodeOffset = (offset: number) => Buffer.from(`search:${offset}`).toString('base64url');

function decodeOffset(cursor: string): number | null {
  const match = /^search:(\d{1,4})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const offset = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(offset) && offset <= MAX_OFFSET ? offset : null;
}

/**
 * GET /api/history/search?q=&service=&cursor=: the caller's chats (of one tool, or all) whose title or
 * messages hold the words, best first, with the matching words marked (PostgreSQL full-text search on
 * `history.search`, the same on PGlite). Only the caller's chats are ever read.
 */
export const historySearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/history/search',
    {
      schema: {
        tags: ['history'],
        summary: 'Search chats',
        description:
          'Titles and message text, English word forms (“running” finds “run”); plain words are all required ' +
          'and the last one may be the start of a word; quotes, `or` and `-word` work as in web searches. ' +
          'Each result has its title and an excerpt of its messages as plain text (the Markdown taken out), the ' +
          'matching words marked as `{text, match}` parts. ' +
          `${HISTORY_SEARCH_PAGE} a page, best first, \`nextCursor\` for the next, up to ` +
          `${MAX_OFFSET / HISTORY_SEARCH_PAGE + 1} pages; 400 \`bad_request:cursor\` for a cursor it did not give.`,
        querystring: historySearchQuerySchema,
        response: { 200: historySearchSchema, ...apiErrors(400) },
      },
    },
    async (request) => {
      const { q, service, cursor } = request.query;
      const offset = cursor === undefined ? 0 : decodeOffset(cursor);
      if (offset === null) throw new AppError('bad_request:cursor', 'The cursor is not valid.');
      const hits = await searchChats(app.database.db, request.user.sub, {
        q,
        service,
        offset,
        limit: HISTORY_SEARCH_PAGE,
      });
      const page = hits.slice(0, HISTORY_SEARCH_PAGE);
      const next = offset + HISTORY_SEARCH_PAGE;
      return {
        results: page.map((hit) => ({ ...hit, createdAt: hit.createdAt.toISOString() })),
        nextCursor: hits.length > HISTORY_SEARCH_PAGE && next <= MAX_OFFSET ? encodeOffset(next) : null,
      };
    },
  );
};
