import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '#server/errors';
import type { Generation, GenerationOutcome } from './generation.ts';

const HEARTBEAT_MS = 15_000;

const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function wantsEventStream(request: FastifyRequest): boolean {
  return request.headers.accept?.includes('text/event-stream') ?? false;
}

/**
 * Streams a generation as server-sent events: `start` {generationId, historyId}, then `delta` {text} as
 * the answer arrives (what arrived within one event-loop turn in one event), with `progress` {stage,
 * done, total, message} while a long one reads its document and its parts, then `done` with the result
 * object, or `error` {code, message}. A client that goes away only stops the writing; the generation
 * runs on and saves its chat.
 */
export function streamGeneration(
  request: FastifyRequest,
  reply: FastifyReply,
  generation: Generation,
  result: (outcome: GenerationOutcome) => Record<string, unknown> | Promise<Record<string, unknown>>,
  /** Resolves once the generation has ended for good (plan usage settled, place freed): `done` waits for it. */
  ended: Promise<void>,
): FastifyReply {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-generation-id': generation.id,
  });
  const write = (chunk: string) => {
    if (!res.destroyed && !res.writableEnded) res.write(chunk);
  };
  // Deltas that arrive within one turn of the event loop (a burst from the provider, or many streams'
  // tokens read at once under load) leave as one `delta` event: one socket write instead of one each.
  // The first goes at once: the time to the first token is what a person waits for.
  let first = true;
  let pending = '';
  let flushScheduled = false;
  const flush = () => {
    flushScheduled = false;
    if (pending === '') return;
    const text = pending;
    pending = '';
    write(sseEvent('delta', { text }));
  };
  const send = (event: string, data: unknown) => {
    flush();
    write(sseEvent(event, data));
  };
  /** The last event and the end of the response, in one write. */
  const finish = (event: string, data: unknown) => {
    flush();
    if (!res.destroyed && !res.writableEnded) res.end(sseEvent(event, data));
  };
  send('start', { generationId: generation.id, historyId: generation.historyId });
  generation.onProgress((progress) => send('progress', progress));
  generation.onDelta((text) => {
    if (first) {
      first = false;
      return send('delta', { text });
    }
    pending += text;
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  });
  const heartbeat = setInterval(() => {
    if (!res.destroyed) res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const fail = (err: unknown) => {
    const error = isAppError(err) ? err : new AppError('internal:generation', undefined, { cause: err });
    // Named in the request's log line, written when the stream ends (plugins/request-log.ts).
    request.appError = error;
    if (error.statusCode >= 500) request.log.error({ err }, 'generation failed');
    finish('error', error.toBody().error);
  };
  generation.outcome
    .then(
      // As the JSON reply: the caller's next call, made on `done`, sees this one counted and its place free.
      async (outcome) => {
        await ended;
        finish('done', await result(outcome));
      },
    )
    .catch(fail)
    .finally(() => {
      clearInterval(heartbeat);
      if (!res.writableEnded) res.end();
    });
  return reply;
}
