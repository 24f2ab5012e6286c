import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors';

/**
 * POST /api/generations/:id/stop — the Stop button. Ends the caller's running generation; it saves what
 * was produced with status 'stopped' and the reply comes once that chat is saved. (Closing the
 * connection is not a stop: a disconnected generation runs to completion.)
 */
export const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/generations/:id/stop', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const generation = app.generations.find(request.user.sub, request.params.id);
    if (!generation) {
      throw new AppError(
        'not_found:generation',
        'No running generation with this id (it may have finished already).',
      );
    }
    generation.stop();
    const outcome = await generation.outcome.catch(() => null);
    return {
      id: generation.id,
      historyId: outcome ? outcome.historyId : null,
      status: outcome ? outcome.status : ('failed' as const),
    };
  });
};
