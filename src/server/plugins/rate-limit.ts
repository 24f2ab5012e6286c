import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redisOrLocalStore } from './rate-limit-store.ts';

/**
 * @fastify/rate-limit without a global limit: routes opt in through `app.createRateLimit` (per IP in
 * rate-limit-auth.ts, per user in rate-limit-per-user.ts). Counters live in Redis when REDIS_URL is
 * set, so every instance shares them, and in memory otherwise.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      // Each limiter gets its own in-memory LRU of this many keys (IPs or user ids).
      cache: 50_000,
      // Shared through Redis when REDIS_URL is set; while Redis is down, each instance counts on its own.
      ...(app.redis
        ? { store: redisOrLocalStore(app.redis, { nameSpace: 'draftsmith:rate-limit:', cache: 50_000 }) }
        : {}),
      skipOnError: false,
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
