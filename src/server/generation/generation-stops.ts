import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ChatStatus } from '#shared/history';
import { inFlightKey } from './in-flight-generations-redis.ts';
import type { RunningGenerations } from './running-generations.ts';

/** What a Stop answers: the generation, its saved chat (null when nothing could be saved), its status. */
export interface StopResult {
  id: string;
  historyId: string | null;
  status: ChatStatus | 'failed';
}

/** Stops a caller's running generation on whichever instance runs it; null when none runs it. */
export interface GenerationStops {
  stop(userId: string, id: string): Promise<StopResult | null>;
  close(): Promise<void>;
}

const REQUESTS = 'draftsmith:generation-stop';
const REPLIES = 'draftsmith:generation-stop-reply:';

/** How long the other instances have to say whether they run the generation. */
const FIND_TIMEOUT_MS = 3_000;
/** How long the instance that runs it has to stop it and save its chat (through a database outage too). */
const RESULT_TIMEOUT_MS = 60_000;

interface StopRequest {
  requestId: string;
  /** The instance that asks, where the replies go. */
  from: string;
  userId: string;
  id: string;
}

type StopReply =
  | { requestId: string; kind: 'absent' }
  | { requestId: string; kind: 'stopping' }
  | { requestId: string; kind: 'stopped'; result: StopResult };

/**
 * Stops the caller's generation if this instance runs it; resolves once it has ended for good (chat
 * saved, plan usage settled, in-flight place freed), so that the caller's next call is not refused for it.
 */
async function stopHere(
  generations: RunningGenerations,
  userId: string,
  id: string,
): Promise<StopResult | null> {
  const generation = generations.find(userId, id);
  if (!generation) return null;
  const ended = generations.ended(id);
  generation.stop();
  const outcome = await generation.outcome.catch(() => null);
  // The reply comes once the generation has ended for good: the user's next call finds its place free.
  await ended;
  return {
    id: generation.id,
    historyId: outcome ? outcome.historyId : null,
    status: outcome ? outcome.status : 'failed',
  };
}

/** One instance: a Stop reaches the generations of this process only. */
export function createLocalGenerationStops(generations: RunningGenerations): GenerationStops {
  return {
    stop: (userId, id) => stopHere(generations, userId, id),
    close: async () => {},
  };
}

/**
 * Several instances behind a load balancer (ADR 0008 said a Stop must reach the instance that runs the
 * generation): a Stop this instance cannot serve is published on Redis; every instance answers whether
 * it runs that generation of that user, and the one that does stops it and replies once its chat is
 * saved. Without an answer from Redis (down, or no other instance listening), only this instance's
 * generations can be stopped: what one instance can do.
 */
export async function createRedisGenerationStops(
  redis: Redis,
  generations: RunningGenerations,
  log: FastifyBaseLogger,
): Promise<GenerationStops> {
  const instanceId = randomUUID();
  const inbox = `${REPLIES}${instanceId}`;
  const waiting = new Map<string, (reply: StopReply) => void>();
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', () => {}); // the main connection logs the outage once (plugins/redis.ts)

  const publish = (channel: string, message: object) =>
    redis.publish(channel, JSON.stringify(message)).catch((err: unknown) => {
      log.debug({ err }, 'could not publish a Stop message');
      return 0;
    });

  subscriber.on('message', (channel: string, message: string) => {
    // Anything on the channels is checked first: a malformed message is dropped, never thrown on (a
    // throw here would escape ioredis's parser and end the process).
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      return;
    }
    if (channel === inbox) {
      if (isStopReply(parsed)) waiting.get(parsed.requestId)?.(parsed);
      return;
    }
    if (!isStopRequest(parsed) || parsed.from === instanceId) return;
    const request = parsed;
    const to = `${REPLIES}${request.from}`;
    if (!generations.find(request.userId, request.id)) {
      void publish(to, { requestId: request.requestId, kind: 'absent' });
      return;
    }
    void publish(to, { requestId: request.requestId, kind: 'stopping' });
    void stopHere(generations, request.userId, request.id).then((result) =>
      publish(
        to,
        result
          ? { requestId: request.requestId, kind: 'stopped', result }
          : { requestId: request.requestId, kind: 'absent' },
      ),
    );
  });
  const subscribe = () =>
    subscriber.subscribe(REQUESTS, inbox).catch((err: unknown) => {
      log.debug({ err }, 'Stop messages: not subscribed yet');
    });
  // ioredis re-subscribes after a reconnection only to channels a SUBSCRIBE already succeeded on: one
  // that failed (Redis down at the start) is sent again on every `ready` (subscribing twice is harmless).
  subscriber.on('ready', () => void subscribe());
  await subscribe();

  /** Asks the other instances; null when none runs the generation or none could be asked. */
  async function stopElsewhere(userId: string, id: string): Promise<StopResult | null> {
    // Without its own subscription, this instance would hear no reply.
    if (redis.status !== 'ready' || subscriber.status !== 'ready') return null;
    // Every running generation holds a place in its user's in-flight set (in-flight-generations-redis.ts):
    // an id that is not there runs nowhere, and no instance need be asked.
    const running = await redis.zscore(inFlightKey(userId), id).catch(() => null);
    if (running === null) return null;
    const requestId = randomUUID();
    const replies: StopReply[] = [];
    let wake: () => void = () => {};
    waiting.set(requestId, (reply) => {
      replies.push(reply);
      wake();
    });
    try {
      // Every instance subscribed hears it, this one included (it ignores its own).
      const listeners = (await publish(REQUESTS, { requestId, from: instanceId, userId, id })) - 1;
      if (listeners <= 0) return null;
      const deadline = { find: Date.now() + FIND_TIMEOUT_MS, result: Date.now() + RESULT_TIMEOUT_MS };
      for (;;) {
        const stopped = replies.find((reply) => reply.kind === 'stopped');
        if (stopped?.kind === 'stopped') return stopped.result;
        const stopping = replies.some((reply) => reply.kind === 'stopping');
        const absent = replies.filter((reply) => reply.kind === 'absent').length;
        if (!stopping && absent >= listeners) return null;
        const until = stopping ? deadline.result : deadline.find;
        const left = until - Date.now();
        if (left <= 0) return stopping ? { id, historyId: null, status: 'stopped' } : null;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      waiting.delete(requestId);
    }
  }

  return {
    async stop(userId, id) {
      return (await stopHere(generations, userId, id)) ?? (await stopElsewhere(userId, id));
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isStopRequest(value: unknown): value is StopRequest {
  return (
    isObject(value) &&
    typeof value.requestId === 'string' &&
    typeof value.from === 'string' &&
    typeof value.userId === 'string' &&
    typeof value.id === 'string'
  );
}

function isStopReply(value: unknown): value is StopReply {
  if (!isObject(value) || typeof value.requestId !== 'string') return false;
  if (value.kind === 'absent' || value.kind === 'stopping') return true;
  const result = value.result;
  return (
    value.kind === 'stopped' &&
    isObject(result) &&
    typeof result.id === 'string' &&
    (result.historyId === null || typeof result.historyId === 'string') &&
    typeof result.status === 'string'
  );
}
