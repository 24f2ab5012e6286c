import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Admission } from '#server/generation/admission';
import type { GenerationOutcome } from '#server/generation/generation';
import { readToolRequest } from '#server/routes/read-tool-request';
import { serverTools } from '#server/tools/prompts';
import { type ServerTool, takesVariants } from '#server/tools/server-tool';
import { publicDetails } from '#shared/answer-details';
import { toolRouteSchema } from './tool-route-schema.ts';

/**
 * One factory for the tool routes (POST /api/explain-code, …), in the protected scope (the caller
 * is `request.user`, authenticated before the body is read). Each reads its request (JSON, or a form
 * with a document), starts a generation through the one admission pipeline (generation/admission.ts),
 * and answers JSON `{<outputField>, historyId, status}` (and `matchReport` for the resume assistant,
 * `coverage` for the tools that take a document) or,
 * with `Accept: text/event-stream`, streams it.
 */
export async function toolRoutes(app: FastifyInstance, { admission }: { admission: Admission }) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  for (const tool of serverTools()) {
    app.post(
      tool.definition.apiPath.slice('/api'.length),
      { schema: toolRouteSchema(tool), ...admission.hooks },
      async (request, reply) => {
        const call = { tool, ...(await readToolRequest(request, tool, app.config.DOCUMENT_MAX_BYTES)) };
        const generation = await admission.start(request, reply, call);
        return admission.respond(request, reply, generation, generation.outcome.then(toolReply(tool)));
      },
    );
  }
}

/** The JSON reply, and the SSE `done` event's data, of a tool's generation. */
function toolReply(tool: ServerTool) {
  return (outcome: GenerationOutcome) => ({
    [tool.definition.outputField]: outcome.text,
    historyId: outcome.historyId,
    status: outcome.status,
    ...(tool.matchReport ? { matchReport: outcome.matchReport } : {}),
    ...(tool.definition.transport === 'multipart' ? { coverage: outcome.coverage } : {}),
    ...publicDetails(outcome.details),
    ...(takesVariants(tool)
      ? {
          variants: (outcome.drafts.length > 0
            ? outcome.drafts
            : [{ messageId: outcome.messageId, text: outcome.text, details: outcome.details }]
          ).map((draft) => ({
            messageId: draft.messageId,
            [tool.definition.outputField]: draft.text,
            ...publicDetails(draft.details),
          })),
        }
      : {}),
  });
}
