import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/require-user.ts';
import type { GenerationOutcome } from '../tools/generation.ts';
import { readToolInput } from '../tools/read-tool-input.ts';
import { serverTools } from '../tools/registry.ts';
import { streamGeneration, wantsEventStream } from '../tools/sse-reply.ts';

/**
 * One factory for the six tool routes (POST /api/explain-code, …): authenticate, validate with the
 * shared schema, start the generation, then answer JSON `{<outputField>, historyId, status}` or, with
 * `Accept: text/event-stream`, stream it.
 */
export async function toolRoutes(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  for (const tool of serverTools()) {
    const { apiPath, outputField } = tool.definition;
    const result = (outcome: GenerationOutcome) => ({
      [outputField]: outcome.text,
      historyId: outcome.historyId,
      status: outcome.status,
    });
    app.post(apiPath.slice('/api'.length), async (request, reply) => {
      const user = await requireUser(request);
      const input = await readToolInput(request, tool);
      app.ai.assertAvailable();
      const generation = app.generations.start(user.sub, tool, input);
      if (wantsEventStream(request)) return streamGeneration(request, reply, generation, result);
      return result(await generation.outcome);
    });
  }
}
