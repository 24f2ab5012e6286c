import type { SecondaryStorage } from 'better-auth';
import type { Redis } from 'ioredis';
import { preferRedis } from '#server/plugins/redis-fallback';

const INCREMENT_WITH_TTL = `
local value = redis.call('INCR', KEYS[1])
if value == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return value`;

/**
 * better-auth's secondary storage (sessions, OAuth state) on Redis, under one key prefix; while Redis is
 * down, this instance's memory (sessions are also in the database, which better-auth reads on a miss).
 * Once Redis is back: what was deleted meanwhile (a sign-out, a revoked session) is deleted there too, so
 * that Redis's copy does not bring it back, and the memory is dropped, so that a later outage does not
 * serve a session deleted in between.
 */
export function sharedSecondaryStorage(redis: Redis): SecondaryStorage {
  const shared = redisSecondaryStorage(redis);
  let local = memorySecondaryStorage();
  const unshared = new Set<string>();
  const remember = (key: string) => {
    unshared.delete(key);
    if (unshared.size >= MEMORY_MAX_KEYS) {
      const oldest = unshared.values().next().value;
      if (oldest !== undefined) unshared.delete(oldest);
    }
    unshared.add(key);
  };
  redis.on('ready', () => {
    local = memorySecondaryStorage();
    const keys = [...unshared];
    unshared.clear();
    for (const key of keys) shared.delete(key).catch(() => remember(key));
  });
  const viaLocal: StorageMethods = {
    get: (key) => local.get(key),
    getAndDelete: (key) => {
      remember(key);
      return local.getAndDelete(key);
    },
    increment: (key, ttl) => local.increment(key, ttl),
    set: (key, value, ttl) => local.set(key, value, ttl),
    delete: (key) => {
      remember(key);
      return local.delete(key);
    },
  };
  return preferRedis(redis, shared, viaLocal);
}

/** SecondaryStorage with every method async (as both the Redis and the memory one are). */
type StorageMethods = ReturnType<typeof memorySecondaryStorage>;

/** Oldest keys are dropped first past this many, so an outage cannot grow memory without end. */
const MEMORY_MAX_KEYS = 10_000;

/** What one instance keeps while Redis is unreachable: values with their expiry, in memory. */
export function memorySecondaryStorage(now: () => number = Date.now) {
  const values = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = values.get(key);
    if (entry && entry.expiresAt <= now()) values.delete(key);
    return entry && entry.expiresAt > now() ? entry : undefined;
  };
  const put = (key: string, value: string, ttlSeconds?: number) => {
    values.delete(key);
    if (values.size >= MEMORY_MAX_KEYS) {
      const oldest = values.keys().next().value;
      if (oldest !== undefined) values.delete(oldest);
    }
    const expiresAt = ttlSeconds && ttlSeconds > 0 ? now() + ttlSeconds * 1000 : Number.POSITIVE_INFINITY;
    values.set(key, { value, expiresAt });
  };
  return {
    get: async (key: string) => live(key)?.value ?? null,
    getAndDelete: async (key: string) => {
      const value = live(key)?.value ?? null;
      values.delete(key);
      return value;
    },
    increment: async (key: string, ttl: number) => {
      const entry = live(key);
      const next = Number(entry?.value ?? 0) + 1;
      if (entry) entry.value = String(next);
      else put(key, String(next), Math.max(1, Math.ceil(ttl)));
      return next;
    },
    set: async (key: string, value: string, ttl?: number) => put(key, value, ttl),
    delete: async (key: string) => {
      values.delete(key);
    },
  } satisfies SecondaryStorage;
}

/** better-auth's secondary storage (sessions, OAuth state) on Redis, under one key prefix. */
export function redisSecondaryStorage(redis: Redis, prefix = 'draftsmith:auth:'): StorageMethods {
  const k = (key: string) => `${prefix}${key}`;
  return {
    get: (key) => redis.get(k(key)),
    getAndDelete: (key) => redis.getdel(k(key)),
    increment: async (key, ttl) =>
      Number(await redis.eval(INCREMENT_WITH_TTL, 1, k(key), Math.max(1, Math.ceil(ttl)))),
    set: async (key, value, ttl) => {
      if (ttl && ttl > 0) await redis.set(k(key), value, 'EX', Math.ceil(ttl));
      else await redis.set(k(key), value);
    },
    delete: async (key) => {
      await redis.del(k(key));
    },
  };
}
