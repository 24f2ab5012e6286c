import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '#server/errors';
import { refuseWhileDraining } from '#server/plugins/lifecycle';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import type { Generation, GenerationDocument, GenerationOutcome } from '#server/tools/generation';
import { readToolRequest, type UploadedDocument } from '#server/tools/read-tool-input';
import { serverTools } from '#server/tools/server-tools';
import { streamGeneration, wantsEventStream } from '#server/tools/sse-reply';
import { requireVerifiedEmail } from '#server/users/require-verified-email';
import { toolRouteSchema } from './tool-route-schema.ts';

/**
 * One factory for the six tool routes (POST /api/explain-code, …), in the protected scope (the caller
 * is `request.user`, authenticated before the body is read): refuse an unverified address when
 * REQUIRE_EMAIL_VERIFICATION is on, validate with the shared schema, count the
 * call against the user's rate limit, check the model, reserve one generation of the user's plan (402
 * when none is left), read the uploaded document if any, start the generation (within the user's
 * in-flight cap), then answer JSON `{<outputField>, historyId, status}`
 * (and `matchReport` for the resume assistant) or, with `Accept: text/event-stream`, stream it.
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
      ...(tool.matchReport ? { matchReport: outcome.matchReport } : {}),
    });
    app.post(apiPath.slice('/api'.length), { schema: toolRouteSchema(tool) }, async (request, reply) => {
      const user = request.user;
      // A shutdown is under way: the generation would be cut off; another instance takes it.
      refuseWhileDraining(app);
      // REQUIRE_EMAIL_VERIFICATION: refused before anything is read, reserved or counted.
      await requireVerifiedEmail(app, user.sub);
      // A form may carry a document: its place is taken before the upload is read, so that a user's
      // uploads and their extractions count against AI_MAX_IN_FLIGHT_PER_USER like generations.
      let place = request.isMultipart() ? await app.generations.reserve(user.sub) : null;
      // The id of this call's reservation of the user's plan, until the generation takes it over.
      let planReservation: string | null = null;
      try {
        const { input, document } = await readToolRequest(request, tool, app.config.DOCUMENT_MAX_BYTES);
        await limitToolCalls(request);
        // Refused before the model runs: a generation's chat is always saved once it exists.
        await app.historyRepository.assertWithinQuota(user.sub);
        app.ai.assertAvailable(user.sub);
        place ??= await app.generations.reserve(user.sub);
        // One generation of the user's plan (402 when none is left), before the document and the model.
        await app.usageRepository.reserve(user.sub, place.id, tool.definition.slug);
        planReservation = place.id;
        // Read only now, past the cheap refusals: an extraction takes a process for up to seconds.
        const read = document ? await readDocument(app, user.sub, document) : null;
        if (reply.raw.destroyed) {
          throw new AppError('client_closed:generation', 'The client left before the generation started.');
        }
        const generation = app.generations.start(place, tool, input, read);
        // The generation holds both now: it frees the place and commits or releases the reservation.
        place = null;
        planReservation = null;
        abandonWhenClientLeaves(reply, generation);
        if (wantsEventStream(request))
          return streamGeneration(request, reply, generation, result, app.generations.ended(generation.id));
        try {
          return result(await generation.outcome);
        } finally {
          // Answered once its plan usage is settled: the caller's next call sees this one counted or given back.
          await app.generations.ended(generation.id);
        }
      } finally {
        if (planReservation) await releasePlanReservation(app, planReservation);
        await place?.release();
      }
    });
  }
}

/** Gives back a reservation of the user's plan whose generation never started; a failure is only logged. */
async function releasePlanReservation(app: FastifyInstance, generationId: string): Promise<void> {
  try {
    await app.usageRepository.release(generationId);
  } catch (err) {
    app.log.error({ err, generationId }, 'could not release a plan reservation');
  }
}

/** The uploaded document's text, read in a memory-capped process (4xx for a file it cannot read). */
async function readDocument(
  app: FastifyInstance,
  userId: string,
  document: UploadedDocument,
): Promise<GenerationDocument> {
  const extracted = await app.documents.extractDocument(
    { bytes: document.bytes, fileName: document.name, declaredType: document.declaredType },
    { userId },
  );
  return {
    name: document.name,
    text: extracted.text,
    pages: extracted.pages,
    format: extracted.format,
    bytes: document.bytes,
  };
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
