import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors';
import { apiErrors } from '#server/openapi/route-responses';
import { chatStatusSchema } from '#shared/history';

/**
 * POST /api/generations/:id/stop — the Stop button. Ends the caller's running generation, on whichever
 * instance runs it (tools/generation-stops.ts); it saves what was produced with status 'stopped' and
 * the reply comes once that chat is saved. (Closing the connection is not a stop: a disconnected
 * generation runs to completion.)
 */
const stopSchema = {
  tags: ['tools'],
  summary: 'Stop a generation',
  description:
    'The Stop button: ends the caller’s running generation (the `generationId` of its `start` event), which ' +
    'saves what it wrote with status `stopped`; the reply comes once that chat is saved (`historyId` null and ' +
    '`failed` when nothing could be saved). 404 when it is not running (any more).',
  params: z.object({ id: z.string() }),
  response: {
    200: z.object({
      id: z.string(),
      historyId: z.string().nullable(),
      status: z.union([chatStatusSchema, z.literal('failed')]),
    }),
    ...apiErrors(404),
  },
};

export const generationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/generations/:id/stop', { schema: stopSchema }, async (request) => {
    const result = await app.generationStops.stop(request.user.sub, request.params.id);
    if (!result) {
      throw new AppError(
        'not_found:generation',
        'No running generation with this id (it may have finished already).',
      );
    }
    return result;
  });
};
