import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
      ...(app.redis ? { redis: app.redis, nameSpace: 'draftsmith:rate-limit:' } : {}),
      // A Redis outage should not lock everyone out of signing in.
      skipOnError: true,
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
