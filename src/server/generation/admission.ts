import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UploadedDocument } from '#server/documents/uploaded-document';
import { AppError } from '#server/errors';
import { refuseWhileDraining } from '#server/plugins/lifecycle';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import type { ServerTool } from '#server/tools/server-tool';
import { requirePrivilege } from '#server/users/require-privilege';
import { type DocumentFormat, toolDocumentFormats } from '#shared/documents';
import type { ChatContinuation, Generation, GenerationDocument } from './generation.ts';
import type { FinalEvent, RunningGeneration } from './generation-bus.ts';
import type { GenerationPlace } from './running-generations.ts';
import { errorEvent, noteStreamFailure, streamGeneration, wantsEventStream } from './sse-reply.ts';

/** What a call asks the model for, once the route has read and checked its request. */
export interface GenerationCall {
  tool: ServerTool;
  input: Record<string, unknown>;
  /** A document to read for it: uploaded with the request. */
  document: UploadedDocument | null;
  /** Or the chat's own (a new version of its first answer), fetched once the call is admitted. */
  loadDocument?: () => Promise<UploadedDocument>;
  /** An answer within an existing chat (a follow-up, a regenerated answer, an edited request). */
  chat?: ChatContinuation;
  /**
   * Or its conversation made once the call is admitted: a document chat's, whose passages are ranked in
   * the database (not before the cheap refusals).
   */
  loadChat?: () => Promise<ChatContinuation>;
}

/**
 * The one way a call starts a generation, for the tool routes and the chat's follow-ups, regenerated
 * answers and edits. A generation route takes its `hooks` and reads top to bottom:
 *
 *     const call = … read and check the request (400, 404 …);
 *     const generation = await admission.start(request, reply, call);
 *     return admission.respond(request, reply, generation, replyBody(generation.outcome));
 *
 * The hooks, before the handler: refuse while the server drains (503) and an unverified address when
 * REQUIRE_EMAIL_VERIFICATION is on (403), before anything is read, reserved or counted; for a form, take
 * one of the user's in-flight places before the upload is read (429), given back if the call fails.
 * `start`: count the call against the user's rate limit (the tools and the chats share one budget),
 * check the history quota and the model, take the in-flight place, reserve one generation of the plan
 * (402 when none is left), make a document chat's conversation, read the document if any, start the
 * generation. `respond`: JSON once it has
 * ended, or, with `Accept: text/event-stream`, its stream. Made once, in the protected scope
 * (protected-api.ts), and given to both route modules.
 */
export interface Admission {
  /** The generation routes' hooks (route options `{ ...admission.hooks }`). */
  readonly hooks: {
    preHandler: (request: FastifyRequest) => Promise<void>;
    onError: (request: FastifyRequest) => Promise<void>;
  };
  /** Admits the read call and starts its generation (4xx for a call refused on the way). */
  start(request: FastifyRequest, reply: FastifyReply, call: GenerationCall): Promise<Generation>;
  /**
   * The reply: `body`, the generation's JSON reply (also its SSE `done` event's data), once it has
   * ended for good; or the event stream itself (hijacked: Fastify sends nothing more), which is why a
   * typed handler may return it as `T`.
   */
  respond<T extends object>(
    request: FastifyRequest,
    reply: FastifyReply,
    generation: Generation,
    body: Promise<T>,
  ): Promise<T>;
}

export function createAdmission(app: FastifyInstance): Admission {
  const limitToolCalls = perUserRateLimit(app, {
    surface: 'tool_calls',
    perMinute: app.config.AI_RATE_LIMIT_PER_USER,
    what: 'AI requests',
  });
  /** The places taken for forms before they are read, until their generation takes them over. */
  const formPlaces = new WeakMap<FastifyRequest, GenerationPlace>();

  const hooks: Admission['hooks'] = {
    async preHandler(request) {
      // A shutdown is under way: the generation would be cut off; another instance takes it.
      refuseWhileDraining(app);
      // REQUIRE_EMAIL_VERIFICATION: refused before anything is read, reserved or counted.
      await requirePrivilege(app, request.user.sub, 'generate');
      // A form may carry a document: its place is taken before the upload is read, so that a user's
      // uploads and their extractions count against AI_MAX_IN_FLIGHT_PER_USER like generations.
      // (Only the tool routes read forms: elsewhere @fastify/multipart is not registered, nor isMultipart.)
      if (request.isMultipart?.()) formPlaces.set(request, await app.generations.reserve(request.user.sub));
    },
    // Before the error is answered: the user's next call finds the place free.
    async onError(request) {
      const place = formPlaces.get(request);
      formPlaces.delete(request);
      await place?.release();
    },
  };

  async function start(request: FastifyRequest, reply: FastifyReply, call: GenerationCall) {
    const user = request.user;
    let place = formPlaces.get(request) ?? null;
    formPlaces.delete(request);
    // The id of this call's reservation of the user's plan, until the generation takes it over.
    let planReservation: string | null = null;
    try {
      await limitToolCalls(request);
      // Refused before the model runs: a generation's chat is always saved once it exists.
      await app.historyRepository.assertWithinQuota(user.sub);
      app.ai.assertAvailable(user.sub);
      place ??= await app.generations.reserve(user.sub);
      // One generation of the plan that counts it (402 when none is left), before the document and the
      // model: the team's, in the token's team workspace with a paid plan while the user is a member,
      // else the user's own (ADR 0026). Decided in memory or Redis, not the database (ADR 0028).
      await app.usageRepository.reserve(user.sub, place.id, call.tool.definition.slug, user.org);
      planReservation = place.id;
      // Read only now, past the cheap refusals: an extraction takes a process for up to seconds.
      const chat = call.loadChat ? await call.loadChat() : call.chat;
      const upload = call.document ?? (call.loadDocument ? await call.loadDocument() : null);
      const document = upload
        ? await readDocument(app, user.sub, upload, toolDocumentFormats(call.tool.definition))
        : null;
      if (reply.raw.destroyed) {
        throw new AppError('client_closed:generation', 'The client left before the generation started.');
      }
      const generation = app.generations.start(place, call.tool, call.input, document, chat, user.email);
      // The generation holds both now: it frees the place and commits or releases the reservation.
      place = null;
      planReservation = null;
      abandonWhenClientLeaves(reply, generation);
      void app.generationBus.started(user.sub, {
        id: generation.id,
        historyId: generation.historyId,
        service: call.tool.definition.slug,
        title: generation.title,
        ...runningKind(chat),
        startedAt: new Date().toISOString(),
      });
      return generation;
    } finally {
      if (planReservation) await releasePlanReservation(app, planReservation);
      await place?.release();
    }
  }

  async function respond<T extends object>(
    request: FastifyRequest,
    reply: FastifyReply,
    generation: Generation,
    body: Promise<T>,
  ): Promise<T> {
    // Never rejects: a failure of the generation, or of building its reply, is its result.
    const settled = body
      .then((value) => ({ ok: true as const, body: value }))
      .catch((error: unknown) => ({ ok: false as const, error }));
    // Its last event, once it has ended for good (plan usage settled, place freed: the caller's next
    // call sees this one counted or given back), kept for whoever follows it after this request.
    const final = settled.then(async (result): Promise<FinalEvent> => {
      await app.generations.ended(generation.id);
      const event: FinalEvent = result.ok
        ? { event: 'done', data: result.body as Record<string, unknown> }
        : errorEvent(result.error);
      await app.generationBus.finished(request.user.sub, generation.id, event).catch((err: unknown) => {
        request.log.warn({ err, generationId: generation.id }, 'could not record a final event');
      });
      return event;
    });
    if (wantsEventStream(request)) {
      void settled.then((result) => result.ok || noteStreamFailure(request, result.error));
      return streamGeneration(reply, generation, final) as unknown as T;
    }
    const result = await settled;
    await final;
    if (!result.ok) throw result.error;
    return result.body;
  }

  return { hooks, start, respond };
}

/** What a generation writes, for the list of running ones (routes/generations.ts). */
function runningKind(chat: ChatContinuation | undefined): Pick<RunningGeneration, 'kind' | 'question'> {
  if (!chat) return { kind: 'new', question: null };
  if (chat.replace) return { kind: 'rewrite', question: null };
  if (!chat.request) return { kind: 'regenerate', question: null };
  return chat.request.parentId === null
    ? { kind: 'edit', question: null }
    : { kind: 'follow-up', question: chat.request.content };
}

/** Gives back a reservation of the user's plan whose generation never started; a failure is only logged. */
async function releasePlanReservation(app: FastifyInstance, generationId: string): Promise<void> {
  try {
    await app.usageRepository.release(generationId);
  } catch (err) {
    app.log.error({ err, generationId }, 'could not release a plan reservation');
  }
}

/**
 * The document's text, read in a memory-capped process (4xx for a file it cannot read, 415 for one not
 * of the tool's formats).
 */
async function readDocument(
  app: FastifyInstance,
  userId: string,
  document: UploadedDocument,
  formats: readonly DocumentFormat[],
): Promise<GenerationDocument> {
  const extracted = await app.documents.extractDocument(
    { bytes: document.bytes, fileName: document.name, declaredType: document.declaredType, formats },
    { userId },
  );
  return {
    name: document.name,
    text: extracted.text,
    pages: extracted.pages,
    format: extracted.format,
    bytes: document.bytes,
    tables: extracted.tables,
    ...(extracted.pageStarts ? { pageStarts: extracted.pageStarts } : {}),
    ...(extracted.scannedPages?.length ? { scannedPages: extracted.scannedPages } : {}),
    ...(extracted.email ? { email: extracted.email } : {}),
  };
}

/** A client that goes away drops its generation if it is still waiting for the model; a started one runs on. */
function abandonWhenClientLeaves(reply: FastifyReply, generation: Generation): void {
  const res = reply.raw;
  // Still waiting for the local model, it is dropped at once (its place in the line goes to others)
  // unless someone follows it already (another tab); once it runs, it runs to its end and is saved.
  const left = () => {
    if (res.writableEnded) return;
    // After this stream has stopped listening (its own close handler), so that only others count.
    setImmediate(() => {
      if (!generation.followed) generation.abandon();
    });
  };
  if (res.destroyed) left();
  else res.once('close', left);
}
