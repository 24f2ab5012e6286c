import type { SecondaryStorage } from 'better-auth';
import type { Redis } from 'ioredis';

const INCREMENT_WITH_TTL = `
local value = redis.call('INCR', KEYS[1])
if value == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return value`;

/** better-auth's secondary storage (sessions, OAuth state) on Redis, under one key prefix. */
export function redisSecondaryStorage(redis: Redis, prefix = 'draftsmith:auth:'): SecondaryStorage {
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
