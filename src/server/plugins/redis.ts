import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The shared Redis connection when REDIS_URL is set (rate-limit counters, token revocations,
     * in-flight generations, better-auth sessions), else null.
     */
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
