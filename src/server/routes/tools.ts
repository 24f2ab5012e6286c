import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import type { Generation, GenerationOutcome } from '#server/tools/generation';
import { readToolInput } from '#server/tools/read-tool-input';
import { serverTools } from '#server/tools/server-tools';
import { streamGeneration, wantsEventStream } from '#server/tools/sse-reply';

/**
 * One factory for the six tool routes (POST /api/explain-code, …), in the protected scope (the caller
 * is `request.user`, authenticated before the body is read): validate with the shared schema, count the
 * call against the user's rate limit, check the model, start the generation (within the user's
 * in-flight cap), then answer JSON `{<outputField>, historyId, status}` or, with
 * `Accept: text/event-stream`, stream it.
 */
export async function toolRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  // A call counts once its input is valid; the six tools share one budget.
  const limitToolCalls = perUserRateLimit(app, {
    surface: 'tool_calls',
    perMinute: app.config.AI_RATE_LIMIT_PER_USER,
    what: 'AI requests',
  });
  for (const tool of serverTools()) {
    const { apiPath, outputField } = tool.definition;
    const result = (outcome: GenerationOutcome) => ({
      [outputField]: outcome.text,
      historyId: outcome.historyId,
      status: outcome.status,
    });
    app.post(apiPath.slice('/api'.length), async (request, reply) => {
      const user = request.user;
      const input = await readToolInput(request, tool);
      await limitToolCalls(request);
      // Refused before the model runs: a generation's chat is always saved once it exists.
      await app.historyRepository.assertWithinQuota(user.sub);
      app.ai.assertAvailable(user.sub);
      const generation = await app.generations.start(user.sub, tool, input);
      abandonWhenClientLeaves(reply, generation);
      if (wantsEventStream(request)) return streamGeneration(request, reply, generation, result);
      return result(await generation.outcome);
    });
  }
}

/** A client that goes away drops its generation if it is still waiting for the model; a started one runs on. */
function abandonWhenClientLeaves(reply: FastifyReply, generation: Generation): void {
  const res = reply.raw;
  const left = () => {
    if (!res.writableEnded) generation.abandon();
  };
  if (res.destroyed) left();
  else res.once('close', left);
}
