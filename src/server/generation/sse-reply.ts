import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '#server/errors';
import type { Generation } from './generation.ts';
import type { FinalEvent } from './generation-bus.ts';

const HEARTBEAT_MS = 15_000;

const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export function wantsEventStream(request: FastifyRequest): boolean {
  return request.headers.accept?.includes('text/event-stream') ?? false;
}

/** One server-sent event stream on a hijacked reply: events, coalesced deltas, and its end. */
interface EventStream {
  send(event: string, data: unknown): void;
  /** Text of the answer: what arrives within one event-loop turn leaves as one `delta` (the first at once). */
  delta(text: string): void;
  /** The last event and the end of the response, in one write. */
  finish(event: string, data: unknown): void;
  /** Resolves when the client goes away or the stream ends. */
  closed: Promise<void>;
}

function openEventStream(reply: FastifyReply, generationId: string): EventStream {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-generation-id': generationId,
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
  const heartbeat = setInterval(() => {
    if (!res.destroyed) res.write(': keep-alive\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  void closed.then(() => clearInterval(heartbeat));
  return {
    send(event, data) {
      flush();
      write(sseEvent(event, data));
    },
    delta(text) {
      if (first) {
        first = false;
        flush();
        return write(sseEvent('delta', { text }));
      }
      pending += text;
      if (flushScheduled) return;
      flushScheduled = true;
      setImmediate(flush);
    },
    finish(event, data) {
      flush();
      clearInterval(heartbeat);
      if (!res.destroyed && !res.writableEnded) res.end(sseEvent(event, data));
    },
    closed,
  };
}

/** A generation's failure as the `error` event's data. */
export function errorEvent(err: unknown): FinalEvent {
  return { event: 'error', data: asAppError(err).toBody().error };
}

function asAppError(err: unknown): AppError {
  return isAppError(err) ? err : new AppError('internal:generation', undefined, { cause: err });
}

/** Names a streamed generation's failure in its request's log line (and logs the server's own faults). */
export function noteStreamFailure(request: FastifyRequest, err: unknown): void {
  const error = asAppError(err);
  // Named in the request's log line, written when the stream ends (plugins/request-log.ts).
  request.appError = error;
  if (error.statusCode >= 500) request.log.error({ err }, 'generation failed');
}

/**
 * Streams a generation as server-sent events: `start` {generationId, historyId}, what was written so
 * far as one `delta` (nothing for the request that starts it; a follower's after a reload or in a
 * second tab) and the progress so far, then `delta` {text} as the answer arrives, with `progress`
 * {stage, done, total, message} while a long one reads its document and its parts, then `done` with
 * the result object, or `error` {code, message}. A client that goes away only stops the writing; the
 * generation runs on and saves its chat.
 */
export function streamGeneration(
  reply: FastifyReply,
  generation: Generation,
  /** The final event, once the generation has ended for good (plan usage settled, place freed). */
  final: Promise<FinalEvent>,
): FastifyReply {
  const stream = openEventStream(reply, generation.id);
  stream.send('start', { generationId: generation.id, historyId: generation.historyId });
  const stopProgress = generation.onProgress((progress) => stream.send('progress', progress));
  if (generation.text) stream.delta(generation.text);
  const stopDelta = generation.onDelta((text) => stream.delta(text));
  const stop = () => {
    stopProgress();
    stopDelta();
  };
  // A client that left stops listening (the generation then counts as followed only by others).
  void stream.closed.then(stop);
  void final.then(({ event, data }) => {
    stop();
    stream.finish(event, data);
  });
  return reply;
}

/**
 * A generation that ended, or runs on another instance: `start`, its text as another instance relays it
 * (`live`, when there is one), then its final event once there is one.
 */
export function finalEventStream(
  reply: FastifyReply,
  ids: { generationId: string; historyId: string },
  final: Promise<FinalEvent | null>,
  live?: (deliver: (text: string) => void) => void,
): FastifyReply {
  const stream = openEventStream(reply, ids.generationId);
  stream.send('start', ids);
  live?.((text) => stream.delta(text));
  void final.then((event) =>
    stream.finish(
      event?.event ?? 'error',
      event?.data ?? { code: 'not_found:generation', message: 'The generation ended without a result.' },
    ),
  );
  return reply;
}
