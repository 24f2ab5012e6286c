import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiStatusSchema } from '#shared/ai-status';

/**
 * GET /api/ai/status: the model behind the tools (provider, model, state, download progress, or the
 * failure's reason with advice for the administrator), for the tool pages before anyone fills a form.
 * Signed-in callers only, like health's details: no paths or secrets beyond what those show. Read from
 * memory (no database) and cacheable for a second, since the pages poll it while the model is on its way.
 */
export const aiStatusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ai/status',
    {
      schema: {
        tags: ['tools'],
        summary: 'The AI model’s state',
        description:
          'The model behind the tools: `idle`, `downloading` (with progress), `unloaded` (on disk, loaded ' +
          'into memory by the next request), `loading`, `ready`, or `failed` with the reason, advice for the ' +
          'administrator and how it is tried again. Cacheable for a second.',
        response: { 200: aiStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=1');
      return app.ai.describe();
    },
  );
};
