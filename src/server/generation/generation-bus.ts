import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { ChatStatus, RunningGeneration } from '#shared/history';
import type { RunningGenerations } from './running-generations.ts';

/** A generation's last event: `done` with the reply's object, or `error` {code, message}. */
export interface FinalEvent {
  event: 'done' | 'error';
  data: unknown;
}

export type { RunningGeneration };

/** What a Stop answers: the generation, its saved chat (null when nothing could be saved), its status. */
export interface StopResult {
  id: string;
  historyId: string | null;
  status: ChatStatus | 'failed';
}

/** How long a finished generation's final event can be asked for. */
export const FINAL_TTL_MS = 10 * 60_000;

/**
 * What reaches a generation beyond the request and the instance that started it: which of a user's
 * generations run and how each ended (a reload, a second tab), the live text of one another instance
 * runs, and Stop on whichever instance runs it. In memory on one instance (createMemoryGenerationBus);
 * through Redis when REDIS_URL is set (generation-bus-redis.ts), every instance keeping its own in
 * memory too, so that a Redis outage only hides the other instances' generations.
 */
export interface GenerationBus {
  started(userId: string, running: RunningGeneration): Promise<void>;
  /** Records the final event and takes the generation off the running list. */
  finished(userId: string, id: string, final: FinalEvent): Promise<void>;
  running(userId: string): Promise<RunningGeneration[]>;
  final(userId: string, id: string): Promise<FinalEvent | null>;
  /** The final event of a generation running anywhere, once there is one (null: never, or `signal`). */
  waitFinal(userId: string, id: string, signal: AbortSignal): Promise<FinalEvent | null>;
  /**
   * Delivers the text of the caller's generation that another instance runs: what was written so far,
   * then each piece as it comes, until it ends or `signal` aborts; resolves then (at once without another
   * instance to ask).
   */
  follow(userId: string, id: string, deliver: (text: string) => void, signal: AbortSignal): Promise<void>;
  /** Stops the caller's running generation wherever it runs; null when none runs it. */
  stop(userId: string, id: string): Promise<StopResult | null>;
  close(): Promise<void>;
}

/** The bus for this server: through Redis when there is one, else in memory. */
export async function createGenerationBus(
  redis: Redis | null,
  generations: RunningGenerations,
  log: FastifyBaseLogger,
): Promise<GenerationBus> {
  if (!redis) return createMemoryGenerationBus(generations);
  const { createRedisGenerationBus } = await import('./generation-bus-redis.ts');
  return createRedisGenerationBus(redis, generations, log);
}

/** One instance: everything is here. */
export function createMemoryGenerationBus(generations: RunningGenerations): GenerationBus {
  const local = memoryFeeds();
  return {
    started: async (userId, running) => local.started(userId, running),
    finished: async (userId, id, final) => local.finished(userId, id, final),
    running: async (userId) => local.running(userId),
    final: async (userId, id) => local.final(userId, id),
    waitFinal: async (userId, id, signal) =>
      local.isRunning(userId, id) ? local.next(id, signal) : local.final(userId, id),
    follow: async () => {},
    stop: (userId, id) => stopHere(generations, userId, id),
    close: async () => {},
  };
}

/** The running generations and final events of this instance, which either bus keeps. */
export function memoryFeeds() {
  const running = new Map<string, Map<string, RunningGeneration>>();
  const finals = new Map<string, { userId: string; final: FinalEvent; at: number }>();
  const waiters = new Map<string, Set<(final: FinalEvent | null) => void>>();
  const prune = (now: number) => {
    for (const [id, entry] of finals) if (now - entry.at > FINAL_TTL_MS) finals.delete(id);
  };
  return {
    started(userId: string, generation: RunningGeneration) {
      const mine = running.get(userId) ?? new Map<string, RunningGeneration>();
      running.set(userId, mine);
      mine.set(generation.id, generation);
    },
    finished(userId: string, id: string, final: FinalEvent) {
      const now = Date.now();
      prune(now);
      finals.set(id, { userId, final, at: now });
      running.get(userId)?.delete(id);
      if (running.get(userId)?.size === 0) running.delete(userId);
      for (const wake of waiters.get(id) ?? []) wake(final);
      waiters.delete(id);
    },
    running: (userId: string) => [...(running.get(userId)?.values() ?? [])],
    isRunning: (userId: string, id: string) => running.get(userId)?.has(id) ?? false,
    final(userId: string, id: string): FinalEvent | null {
      const entry = finals.get(id);
      return entry && entry.userId === userId && Date.now() - entry.at <= FINAL_TTL_MS ? entry.final : null;
    },
    /** The final event of a generation running here, once it comes. */
    next(id: string, signal: AbortSignal): Promise<FinalEvent | null> {
      return new Promise((resolve) => {
        const wake = (final: FinalEvent | null) => {
          waiters.get(id)?.delete(wake);
          resolve(final);
        };
        const set = waiters.get(id) ?? new Set<(final: FinalEvent | null) => void>();
        waiters.set(id, set);
        set.add(wake);
        signal.addEventListener('abort', () => wake(null), { once: true });
      });
    },
  };
}

/**
 * Stops the caller's generation if this instance runs it; resolves once it has ended for good (chat
 * saved, plan usage settled, in-flight place freed), so that the caller's next call is not refused for it.
 */
export async function stopHere(
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
