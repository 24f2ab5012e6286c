import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type AppError, tooManyRequests } from '#server/errors';
import { isConnectionError, preferRedis } from '#server/plugins/redis-fallback';
import { createRedisInFlightStore } from './in-flight-generations-redis.ts';

/** Seconds a client is told to wait when the user is at the cap (a generation usually ends within that). */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 5;

/** Where one user's running generations are counted: this process, or Redis for every instance. */
export interface InFlightStore {
  /** Records generation `id` for the user unless they already have `max`; false when at the cap. */
  tryAdd(userId: string, id: string, max: number): Promise<boolean>;
  remove(userId: string, id: string): Promise<void>;
}

/**
 * A place taken by one running generation; give it back when the generation has ended (again is a
 * no-op). Resolves once the place is free for the user's next call; never rejects.
 */
export type InFlightRelease = () => Promise<void>;

/**
 * AI_MAX_IN_FLIGHT_PER_USER: how many generations one user may have running at once (queued for the
 * local model counts as running). The next one answers 429 `rate_limit:generations` with Retry-After.
 * The store is chosen once: Redis when REDIS_URL is set (one count across instances), memory otherwise.
 */
export class InFlightGenerations {
  readonly max: number;
  private readonly store: InFlightStore;
  private readonly log: FastifyBaseLogger;

  constructor(store: InFlightStore, max: number, log: FastifyBaseLogger) {
    this.store = store;
    this.max = max;
    this.log = log;
  }

  /** Takes a place for generation `id`, or throws the 429 when the user already has `max` running. */
  async acquire(userId: string, id: string): Promise<InFlightRelease> {
    let admitted: boolean;
    try {
      admitted = await this.store.tryAdd(userId, id, this.max);
    } catch (err) {
      // As with the rate limits: a Redis outage must not stop everyone from using the tools.
      this.log.warn({ err }, 'in-flight generation count unavailable; admitting the generation');
      admitted = true;
    }
    if (!admitted) throw tooManyGenerations(this.max);
    let released: Promise<void> | null = null;
    return () => {
      released ??= this.store.remove(userId, id).catch((err: unknown) => {
        this.log.warn({ err }, 'could not release an in-flight generation (its lease will expire)');
      });
      return released;
    };
  }
}

export function tooManyGenerations(max: number): AppError {
  const running = max === 1 ? '1 generation' : `${max} generations`;
  return tooManyRequests(
    'generations',
    `You already have ${running} running. Wait for one to finish, or stop it, then try again.`,
    IN_FLIGHT_RETRY_AFTER_SECONDS * 1000,
  );
}

/** In this process only: enough for a single instance. */
export function createMemoryInFlightStore(): InFlightStore {
  const byUser = new Map<string, Set<string>>();
  return {
    async tryAdd(userId, id, max) {
      const ids = byUser.get(userId) ?? new Set<string>();
      if (ids.size >= max) return false;
      ids.add(id);
      byUser.set(userId, ids);
      return true;
    },
    async remove(userId, id) {
      const ids = byUser.get(userId);
      ids?.delete(id);
      if (ids?.size === 0) byUser.delete(userId);
    },
  };
}

export function createInFlightGenerations(
  redis: Redis | null,
  max: number,
  log: FastifyBaseLogger,
): InFlightGenerations {
  const store = redis ? sharedInFlightStore(redis, log) : createMemoryInFlightStore();
  return new InFlightGenerations(store, max, log);
}

/**
 * Redis while it answers; while it is down, this instance counts its own generations (redis-fallback.ts).
 * A place is given back to both stores, whichever answers now: one taken before an outage and given back
 * during it must stop its lease's renewals (else it would be renewed for ever once Redis is back), and one
 * taken during an outage and given back after it must leave this instance's memory.
 */
function sharedInFlightStore(redis: Redis, log: FastifyBaseLogger): InFlightStore {
  const shared = createRedisInFlightStore(redis, log);
  const local = createMemoryInFlightStore();
  const either = preferRedis(redis, shared, local);
  return {
    tryAdd: either.tryAdd,
    async remove(userId, id) {
      const removal = shared.remove(userId, id).catch((err: unknown) => {
        // Unreachable: the lease (if any) lapses by itself (LEASE_MS).
        if (!isConnectionError(err)) throw err;
      });
      await local.remove(userId, id);
      await removal;
    },
  };
}
