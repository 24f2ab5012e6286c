import type { SecondaryStorage } from 'better-auth';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis connection when REDIS_URL is set (rate-limit counters, sessions), else null. */
    redis: Redis | null;
  }
}

/** Opens one Redis connection for the app when REDIS_URL is set and closes it with the app. */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.REDIS_URL;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    // Fail a command quickly instead of queueing it forever when Redis is down.
    const redis = new Redis(url, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      connectTimeout: 5_000,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'redis connection error'));
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis' },
);

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
