import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RunningGenerations } from './running-generations.ts';

/** Asks the instance that runs a generation to relay its text (every instance listens). */
const REQUESTS = 'draftsmith:generation-relay';
/** Where that instance relays one generation's text. */
const feed = (id: string) => `draftsmith:generation-feed:${id}`;

/**
 * A piece of a generation's text at its place in the whole (`offset`), so that a follower that got a
 * piece twice (a second follower asked for the text so far again) keeps only what it lacks; or its end.
 */
type FeedMessage = { offset: number; text: string } | { end: true };

/** Live text of generations that run on another instance, through Redis pub/sub (issue 16). */
export interface GenerationRelay {
  /**
   * Delivers the text of the caller's generation that another instance runs: what was written so far,
   * then each piece as it comes, until it ends or `signal` aborts. Resolves then.
   */
  follow(userId: string, id: string, deliver: (text: string) => void, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export async function createGenerationRelay(
  redis: Redis,
  generations: RunningGenerations,
  log: FastifyBaseLogger,
): Promise<GenerationRelay> {
  const subscriber = redis.duplicate({ enableOfflineQueue: true });
  subscriber.on('error', () => {}); // the main connection logs an outage once (plugins/redis.ts)
  const relaying = new Set<string>();
  const followers = new Map<string, Set<(message: FeedMessage) => void>>();
  const publish = (channel: string, message: object) =>
    redis.publish(channel, JSON.stringify(message)).catch((err: unknown) => {
      log.debug({ err }, 'could not publish on a generation feed');
      return 0;
    });

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

  subscriber.on('message', (channel: string, raw: string) => {
    // Anything on the channels is checked first: a malformed message is dropped, never thrown on.
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const fields = message as Record<string, unknown>;
    if (channel === REQUESTS) {
      if (typeof fields.userId === 'string' && typeof fields.id === 'string') relay(fields.userId, fields.id);
      return;
    }
    const id = channel.slice(feed('').length);
    const valid =
      fields.end === true || (typeof fields.offset === 'number' && typeof fields.text === 'string');
    if (!valid) return;
    for (const handler of followers.get(id) ?? []) handler(fields as FeedMessage);
  });
  const subscribe = () =>
    subscriber.subscribe(REQUESTS).catch((err: unknown) => {
      log.debug({ err }, 'generation relay: not subscribed yet');
    });
  // As the Stop channels (generation-stops.ts): a SUBSCRIBE that failed while Redis was down is sent again.
  subscriber.on('ready', () => void subscribe());
  await subscribe();

  return {
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
        await publish(REQUESTS, { userId, id });
        await ended;
      } catch (err) {
        log.debug({ err }, 'generation relay: could not follow');
      } finally {
        handlers.delete(handler);
        if (handlers.size === 0) {
          followers.delete(id);
          await subscriber.unsubscribe(feed(id)).catch(() => {});
        }
      }
    },
    async close() {
      await subscriber.quit().catch(() => subscriber.disconnect());
    },
  };
}
