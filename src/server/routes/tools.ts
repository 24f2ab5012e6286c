import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { GenerationCall } from '#server/generation/admission';
import { readToolRequest } from '#server/routes/read-tool-request';
import { serverTools } from '#server/tools/server-tools';
import { toolRouteSchema } from './tool-route-schema.ts';

/**
 * One factory for the six tool routes (POST /api/explain-code, …), in the protected scope (the caller
 * is `request.user`, authenticated before the body is read). Each validates with the shared schema and
 * runs the one generation pipeline (generation-call.ts), then answers JSON
 * `{<outputField>, historyId, status}` (and `matchReport` for the resume assistant) or, with
 * `Accept: text/event-stream`, streams it.
 */
export async function toolRoutes(
  app: FastifyInstance,
  { generationCall }: { generationCall: GenerationCall },
) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  for (const tool of serverTools()) {
    const { apiPath, outputField } = tool.definition;
    app.post(apiPath.slice('/api'.length), { schema: toolRouteSchema(tool) }, (request, reply) =>
      generationCall(request, reply, {
        multipart: request.isMultipart(),
        read: async () => ({
          tool,
          ...(await readToolRequest(request, tool, app.config.DOCUMENT_MAX_BYTES)),
        }),
        result: async (outcome) => ({
          [outputField]: outcome.text,
          historyId: outcome.historyId,
          status: outcome.status,
          ...(tool.matchReport ? { matchReport: outcome.matchReport } : {}),
        }),
      }),
    );
  }
}
