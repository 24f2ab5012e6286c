import type { FastifyRateLimitStore, RateLimitOptions } from '@fastify/rate-limit';
// @fastify/rate-limit's own stores (untyped: declared in ./rate-limit-stores.d.ts).
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
export interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

/**
 * The rate-limit counters in Redis (every instance counts together) while Redis answers, else in this
 * instance's memory: a Redis outage leaves each instance enforcing the limits on its own, never none.
 * The plugin's own two stores do the counting; this only picks one per call.
 */
class RedisOrLocalStore implements Store {
  private readonly redis: Redis;
  private readonly shared: Store;
  private readonly local: Store;

  constructor(redis: Redis, shared: Store, local: Store) {
    this.redis = redis;
    this.shared = shared;
    this.local = local;
  }

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.pick('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.pick('read', key, callback, timeWindow, max);
  }

  child(routeOptions: unknown): Store {
    return new RedisOrLocalStore(this.redis, this.shared.child(routeOptions), this.local.child(routeOptions));
  }

  private pick(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
    if (this.redis.status !== 'ready') {
      this.local[method](key, callback, timeWindow, max);
      return;
    }
    this.shared[method](
      key,
      (error, result) => {
        if (error) this.local[method](key, callback, timeWindow, max);
        else callback(null, result);
      },
      timeWindow,
      max,
    );
  }
}

/** The `store` option of @fastify/rate-limit: a class it constructs once with its global settings. */
export function redisOrLocalStore(
  redis: Redis,
  options: { nameSpace: string; cache: number },
): new (
  settings: RateLimitOptions,
) => FastifyRateLimitStore {
  return class extends RedisOrLocalStore {
    constructor(settings: RateLimitOptions) {
      const { continueExceeding = false, exponentialBackoff = false } = settings;
      super(
        redis,
        new RedisStore(continueExceeding, exponentialBackoff, redis, options.nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
      );
    }
  };
}
