import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  FINAL_TTL_MS,
  type FinalEvent,
  type GenerationBus,
  memoryFeeds,
  type RunningGeneration,
  type StopResult,
  stopHere,
} from './generation-bus.ts';
import { inFlightKey } from './in-flight-generations-redis.ts';
import type { RunningGenerations } from './running-generations.ts';

/** How often a generation running on another instance is looked at for its end. */
const POLL_MS = 500;
/** How long a user's list of running generations stays in Redis after the last one started. */
const RUNNING_TTL_S = 6 * 60 * 60;
/** An entry older than this is one whose instance died without taking it off: ignored and removed. */
const STALE_MS = 2 * 60 * 60_000;
/** How long the other instances have to say whether they run a generation to stop. */
const FIND_TIMEOUT_MS = 3_000;
/** How long the instance that runs it has to stop it and save its chat (through a database outage too). */
const RESULT_TIMEOUT_MS = 60_000;

const runningKey = (userId: string) => `draftsmith:generations-running:${userId}`;
const finalKey = (id: string) => `draftsmith:generation-final:${id}`;
/** Asks the instance that runs a generation to relay its text (every instance listens). */
const RELAY_REQUESTS = 'draftsmith:generation-relay';
/** Where that instance relays one generation's text. */
const feed = (id: string) => `draftsmith:generation-feed:${id}`;
const STOP_REQUESTS = 'draftsmith:generation-stop';
const STOP_REPLIES = 'draftsmith:generation-stop-reply:';

/**
 * A piece of a generation's text at its place in the whole (`offset`), so that a follower that got a
 * piece twice (a second follower asked for the text so far again) keeps only what it lacks; or its end.
 */
type FeedMessage = { offset: number; text: string } | { end: true };

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
 * Several instances behind a load balancer (ADR 0021, issue 16). The running list and final events are
 * Redis keys; live text and Stop are pub/sub messages on one subscriber connection: a follower asks the
 * instance that runs a generation to relay its text (the text so far, then each piece), and a Stop this
 * instance cannot serve is published, every instance answers whether it runs that generation of that
 * user, and the one that does stops it and replies once its chat is saved. Without an answer from Redis
 * (down, or no other instance listening), only this instance's generations are found: what one instance
 * can do.
 */
export async function createRedisGenerationBus(
  redis: Redis,
  generations: RunningGenerations,
  log: FastifyBaseLogger,
): Promise<GenerationBus> {
  const local = memoryFeeds();
  const instanceId = randomUUID();
  const inbox = `${STOP_REPLIES}${instanceId}`;
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', () => {}); // the main connection logs an outage once (plugins/redis.ts)
  const quietly = async <T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      log.debug({ err }, `generation bus: ${what} failed (Redis unreachable)`);
      return fallback;
    }
  };
  const publish = (channel: string, message: object) =>
    quietly('publish', () => redis.publish(channel, JSON.stringify(message)), 0);

  // --- live text -------------------------------------------------------------------------------------
  const relaying = new Set<string>();
  const followers = new Map<string, Set<(message: FeedMessage) => void>>();

  /** This instance runs it: the text so far, then each piece, then the end, on the feed channel. */
  function relay(userId: string, id: string): void {
    const generation = generations.find(userId, id);
    if (!generation) return;
    void publish(feed(id), { offset: 0, text: generation.text });
    if (relaying.has(id)) return;
    relaying.add(id);
    const stop = generation.onDelta((text) => {
      void publish(feed(id), { offset: generation.text.length - text.length, text });
    });
    void generation.outcome
      .catch(() => null)
      .then(() => {
        stop();
        relaying.delete(id);
        void publish(feed(id), { end: true });
      });
  }

  // --- Stop ------------------------------------------------------------------------------------------
  const waiting = new Map<string, (reply: StopReply) => void>();

  function answerStop(request: StopRequest): void {
    const to = `${STOP_REPLIES}${request.from}`;
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
  }

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
      const listeners = (await publish(STOP_REQUESTS, { requestId, from: instanceId, userId, id })) - 1;
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

  // --- one subscriber for both -----------------------------------------------------------------------
  subscriber.on('message', (channel: string, raw: string) => {
    // Anything on the channels is checked first: a malformed message is dropped, never thrown on (a
    // throw here would escape ioredis's parser and end the process).
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (!isObject(message)) return;
    if (channel === RELAY_REQUESTS) {
      if (typeof message.userId === 'string' && typeof message.id === 'string')
        relay(message.userId, message.id);
    } else if (channel === STOP_REQUESTS) {
      if (isStopRequest(message) && message.from !== instanceId) answerStop(message);
    } else if (channel === inbox) {
      if (isStopReply(message)) waiting.get(message.requestId)?.(message);
    } else if (channel.startsWith(feed(''))) {
      const valid =
        message.end === true || (typeof message.offset === 'number' && typeof message.text === 'string');
      if (!valid) return;
      for (const handler of followers.get(channel.slice(feed('').length)) ?? []) {
        handler(message as FeedMessage);
      }
    }
  });
  const subscribe = () =>
    subscriber.subscribe(RELAY_REQUESTS, STOP_REQUESTS, inbox).catch((err: unknown) => {
      log.debug({ err }, 'generation bus: not subscribed yet');
    });
  // ioredis re-subscribes after a reconnection only to channels a SUBSCRIBE already succeeded on: one
  // that failed (Redis down at the start) is sent again on every `ready` (subscribing twice is harmless).
  subscriber.on('ready', () => void subscribe());
  await subscribe();

  // --- the running list and final events ------------------------------------------------------------
  const remoteFinal = async (userId: string, id: string): Promise<FinalEvent | null> => {
    const raw = await quietly('read a final event', () => redis.get(finalKey(id)), null);
    if (!raw) return null;
    try {
      const stored = JSON.parse(raw) as { userId?: unknown; final?: FinalEvent };
      return stored.userId === userId && stored.final ? stored.final : null;
    } catch {
      return null;
    }
  };

  const bus: GenerationBus = {
    async started(userId, generation) {
      local.started(userId, generation);
      await quietly(
        'list a running generation',
        () =>
          redis
            .multi()
            .hset(runningKey(userId), generation.id, JSON.stringify(generation))
            .expire(runningKey(userId), RUNNING_TTL_S)
            .exec(),
        null,
      );
    },
    async finished(userId, id, final) {
      local.finished(userId, id, final);
      await quietly(
        'record a final event',
        () =>
          redis
            .multi()
            .set(finalKey(id), JSON.stringify({ userId, final }), 'PX', FINAL_TTL_MS)
            .hdel(runningKey(userId), id)
            .exec(),
        null,
      );
    },
    async running(userId) {
      const here = local.running(userId);
      const all = await quietly('list running generations', () => redis.hvals(runningKey(userId)), []);
      const byId = new Map(here.map((g) => [g.id, g]));
      const stale: string[] = [];
      for (const raw of all) {
        try {
          const generation = JSON.parse(raw) as RunningGeneration;
          if (typeof generation.id !== 'string' || byId.has(generation.id)) continue;
          // An entry its instance never took off (it died): no generation runs this long.
          if (Date.now() - Date.parse(generation.startedAt) > STALE_MS) stale.push(generation.id);
          else byId.set(generation.id, generation);
        } catch {
          // A malformed entry is left out.
        }
      }
      if (stale.length > 0) {
        void quietly('forget stale entries', () => redis.hdel(runningKey(userId), ...stale), 0);
      }
      return [...byId.values()].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
    },
    async final(userId, id) {
      return local.final(userId, id) ?? (await remoteFinal(userId, id));
    },
    async waitFinal(userId, id, signal) {
      if (local.isRunning(userId, id)) return local.next(id, signal);
      // On another instance: its final event appears in Redis when it ends.
      for (;;) {
        const final = await bus.final(userId, id);
        if (final || signal.aborted) return final;
        const stillRunning = (await bus.running(userId)).some((g) => g.id === id);
        if (!stillRunning) return await bus.final(userId, id);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async follow(userId, id, deliver, signal) {
      let have = 0;
      let done: () => void = () => {};
      const ended = new Promise<void>((resolve) => {
        done = resolve;
      });
      const handler = (message: FeedMessage) => {
        if ('end' in message) return done();
        const end = message.offset + message.text.length;
        if (message.offset > have || end <= have) return; // a gap (cannot be) or what it has already
        deliver(message.text.slice(have - message.offset));
        have = end;
      };
      const handlers = followers.get(id) ?? new Set();
      followers.set(id, handlers);
      handlers.add(handler);
      signal.addEventListener('abort', () => done(), { once: true });
      try {
        await subscriber.subscribe(feed(id));
        // Asked only once this instance listens: the text so far cannot pass it by.
        await publish(RELAY_REQUESTS, { userId, id });
        await ended;
      } catch (err) {
        log.debug({ err }, 'generation bus: could not follow');
      } finally {
        handlers.delete(handler);
        if (handlers.size === 0) {
          followers.delete(id);
          await subscriber.unsubscribe(feed(id)).catch(() => {});
        }
      }
    },
    async stop(userId, id) {
      return (await stopHere(generations, userId, id)) ?? (await stopElsewhere(userId, id));
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
  return bus;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isStopRequest(value: Record<string, unknown>): value is Record<string, unknown> & StopRequest {
  return (
    typeof value.requestId === 'string' &&
    typeof value.from === 'string' &&
    typeof value.userId === 'string' &&
    typeof value.id === 'string'
  );
}

function isStopReply(value: Record<string, unknown>): value is Record<string, unknown> & StopReply {
  if (typeof value.requestId !== 'string') return false;
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
