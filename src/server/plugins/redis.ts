import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The shared Redis connection when REDIS_URL is set (rate-limit counters, token revocations,
     * in-flight generations, Stop across instances, better-auth sessions), else null.
     */
    redis: Redis | null;
  }
}

/** How long a start waits for Redis before serving without it (it connects as soon as it can). */
const FIRST_CONNECT_WAIT_MS = 5_000;

/**
 * Opens one Redis connection for the app when REDIS_URL is set and closes it with the app. While
 * Redis is down, what uses it falls back to this instance (plugins/redis-fallback.ts): commands are
 * not queued (a call never waits for Redis to come back), and the outage and the recovery are logged
 * once each, not per command or per reconnection attempt.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.REDIS_URL;
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 5_000,
      commandTimeout: 5_000,
      // Reconnect for ever, at most 2 s apart: an instance recovers on its own when Redis returns.
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    let down = false;
    redis.on('error', (err) => {
      if (down) return;
      down = true;
      app.log.warn(
        { err },
        'Redis is unreachable: rate limits, Stop and token revocations fall back to this instance until it is back',
      );
    });
    redis.on('ready', () => {
      if (!down) return;
      down = false;
      app.log.info('Redis is reachable again: limits and Stop are shared across instances again');
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    const timeout = AbortSignal.timeout(FIRST_CONNECT_WAIT_MS);
    await once(redis, 'ready', { signal: timeout }).catch(() => {
      app.log.warn('Redis did not answer within 5 s of the start; serving without it until it does');
    });
  },
  { name: 'redis' },
);
