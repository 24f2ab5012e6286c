import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { RunningGeneration } from '#shared/history';

/** A generation's last event: `done` with the reply's object, or `error` {code, message}. */
export interface FinalEvent {
  event: 'done' | 'error';
  data: unknown;
}

export type { RunningGeneration };

/**
 * Where a generation can be found again after the request that started it is gone (a reload, a second
 * tab, another instance): the running ones of each user, and each one's final event for FINAL_TTL_MS
 * after it ended. In memory on one instance; in Redis when REDIS_URL is set, so every instance sees
 * them (each also keeps its own in memory, so a Redis outage only hides other instances' ones).
 */
export interface GenerationFeeds {
  started(userId: string, running: RunningGeneration): Promise<void>;
  /** Records the final event and takes the generation off the running list. */
  finished(userId: string, id: string, final: FinalEvent): Promise<void>;
  running(userId: string): Promise<RunningGeneration[]>;
  final(userId: string, id: string): Promise<FinalEvent | null>;
  /** The final event of a generation running anywhere, once there is one (null: never, or `signal`). */
  waitFinal(userId: string, id: string, signal: AbortSignal): Promise<FinalEvent | null>;
}

/** How long a finished generation's final event can be asked for. */
export const FINAL_TTL_MS = 10 * 60_000;
/** How often a generation running on another instance is looked at for its end. */
const POLL_MS = 500;
/** How long a user's list of running generations stays in Redis after the last one started. */
const RUNNING_TTL_S = 6 * 60 * 60;
/** An entry older than this is one whose instance died without taking it off: ignored and removed. */
const STALE_MS = 2 * 60 * 60_000;

const runningKey = (userId: string) => `draftsmith:generations-running:${userId}`;
const finalKey = (id: string) => `draftsmith:generation-final:${id}`;

function memoryFeeds() {
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

export function createGenerationFeeds(redis: Redis | null, log: FastifyBaseLogger): GenerationFeeds {
  const local = memoryFeeds();
  const quietly = async <T>(what: string, run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      log.debug({ err }, `generation feeds: ${what} failed (Redis unreachable)`);
      return fallback;
    }
  };

  const remoteFinal = async (userId: string, id: string): Promise<FinalEvent | null> => {
    if (!redis) return null;
    const raw = await quietly('read a final event', () => redis.get(finalKey(id)), null);
    if (!raw) return null;
    try {
      const stored = JSON.parse(raw) as { userId?: unknown; final?: FinalEvent };
      return stored.userId === userId && stored.final ? stored.final : null;
    } catch {
      return null;
    }
  };

  return {
    async started(userId, generation) {
      local.started(userId, generation);
      if (!redis) return;
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
      if (!redis) return;
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
      if (!redis) return here;
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
        const final = await this.final(userId, id);
        if (final || signal.aborted) return final;
        const stillRunning = (await this.running(userId)).some((g) => g.id === id);
        if (!stillRunning) return await this.final(userId, id);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
  };
}
