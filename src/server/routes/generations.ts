import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors';
import { FINAL_TTL_MS, type FinalEvent } from '#server/generation/generation-bus';
import { finalEventStream, streamGeneration } from '#server/generation/sse-reply';
import { apiErrors } from '#server/openapi/route-responses';
import { chatStatusSchema, runningGenerationSchema } from '#shared/history';

const notRunning = () =>
  new AppError('not_found:generation', 'No running generation with this id (it may have finished already).');

/** A followed generation's final event; following ends with the client, never with an error of its own. */
async function waitedFinal(final: Promise<FinalEvent | null>): Promise<FinalEvent> {
  return (
    (await final) ?? {
      event: 'error',
      data: { code: 'client_closed:generation', message: 'No longer followed.' },
    }
  );
}

/** The chat a final `done` event names (the reply's `historyId`). */
function historyIdOf(final: FinalEvent | null): string {
  const data = final?.data as { historyId?: unknown } | undefined;
  return typeof data?.historyId === 'string' ? data.historyId : '';
}

/**
 * POST /api/generations/:id/stop — the Stop button. Ends the caller's running generation, on whichever
 * instance runs it (generation/generation-bus.ts); it saves what was produced with status 'stopped' and
 * the reply comes once that chat is saved. (Closing the connection is not a stop: a disconnected
 * generation runs to completion.)
 */
const stopSchema = {
  tags: ['tools'],
  summary: 'Stop a generation',
  description:
    'The Stop button: ends the caller’s running generation (the `generationId` of its `start` event), which ' +
    'saves what it wrote with status `stopped`; the reply comes once that chat is saved (`historyId` null and ' +
    '`failed` when nothing could be saved). 404 `not_found:generation` when the caller has no such generation ' +
    'running (any more), on any instance.',
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
  app.get(
    '/generations',
    {
      schema: {
        tags: ['tools'],
        summary: 'The caller’s running generations',
        description:
          'Every generation of the caller still being written, on any instance, newest first: what the ' +
          'sidebar marks, and what `GET /api/generations/{id}/stream` follows after a reload. With REDIS_URL, ' +
          'an entry whose instance stopped without taking it off is left out once it is 2 hours old.',
        response: { 200: z.object({ generations: z.array(runningGenerationSchema) }) },
      },
    },
    async (request) => ({ generations: await app.generationBus.running(request.user.sub) }),
  );

  app.get(
    '/generations/:id/stream',
    {
      schema: {
        tags: ['tools'],
        summary: 'Follow a generation',
        description:
          'Server-sent events of the caller’s generation, from any request (a reload, a second tab, another ' +
          'instance): `start` {generationId, historyId}, then what was written so far as `delta` and the ' +
          '`progress` so far, then live until `done` (the reply’s object) or `error`. A generation that ended ' +
          `in the last ${FINAL_TTL_MS / 60_000} minutes answers its final event at once. From another instance ` +
          'than the one writing it, the text comes through Redis (REDIS_URL). Following ' +
          'never stops it: only `POST /api/generations/{id}/stop` does. 404 `not_found:generation` for another ' +
          'user’s generation, as for one that does not exist or ended longer ago.',
        params: z.object({ id: z.string().max(100) }),
        response: {
          200: {
            description: 'Server-sent events.',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...apiErrors(404),
        },
      },
    },
    async (request, reply) => {
      const userId = request.user.sub;
      const { id } = request.params;
      const bus = app.generationBus;
      const here = app.generations.find(userId, id);
      const untilClosed = new AbortController();
      reply.raw.once('close', () => untilClosed.abort());
      if (here)
        return streamGeneration(reply, here, waitedFinal(bus.waitFinal(userId, id, untilClosed.signal)));
      const ended = await bus.final(userId, id);
      const elsewhere = ended ? undefined : (await bus.running(userId)).find((g) => g.id === id);
      if (!ended && !elsewhere) throw notRunning();
      const historyId = elsewhere?.historyId ?? historyIdOf(ended);
      return finalEventStream(
        reply,
        { generationId: id, historyId },
        ended ? Promise.resolve(ended) : bus.waitFinal(userId, id, untilClosed.signal),
        elsewhere ? (deliver) => void bus.follow(userId, id, deliver, untilClosed.signal) : undefined,
      );
    },
  );

  app.post('/generations/:id/stop', { schema: stopSchema }, async (request) => {
    const result = await app.generationBus.stop(request.user.sub, request.params.id);
    if (!result) throw notRunning();
    return result;
  });
};
