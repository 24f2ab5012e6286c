import type { FastifyInstance, FastifyRequest } from 'fastify';
import { retryPhrase, tooManyRequests } from '#server/errors';

export const PER_USER_WINDOW_MS = 60_000;

export const PER_USER_HOUR_MS = 60 * 60_000;

interface PerUserLimitBase {
  /** Counter name and the error's surface: `rate_limit:<surface>`. */
  surface: string;
  /** What is counted, for the message: "Too many <what>: at most N a minute." */
  what: string;
}

/** Calls one user may make per minute, or per hour for costly ones (a data export); 0 turns the limit off. */
export type PerUserLimit = PerUserLimitBase & ({ perMinute: number } | { perHour: number });

/**
 * A per-user budget of calls a minute, keyed by the caller's id (`request.user`, so for protected routes
 * only), in Redis when REDIS_URL is set (so every instance shares the count). Past it: 429
 * `rate_limit:<surface>` with Retry-After. Used by the tool calls (AI_RATE_LIMIT_PER_USER), POST
 * /api/history (HISTORY_RATE_LIMIT_PER_USER) and photo uploads (PHOTO_RATE_LIMIT_PER_USER).
 */
export function perUserRateLimit(
  app: FastifyInstance,
  limit: PerUserLimit,
): (request: FastifyRequest) => Promise<void> {
  const { surface, what } = limit;
  const [max, timeWindow, per] =
    'perHour' in limit
      ? [limit.perHour, PER_USER_HOUR_MS, 'an hour']
      : [limit.perMinute, PER_USER_WINDOW_MS, 'a minute'];
  if (max === 0) return async () => {};
  const byUser = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request) => `${surface}:user:${request.user.sub}`,
  });
  return async (request) => {
    const result = await byUser(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw tooManyRequests(
      surface,
      `Too many ${what}: at most ${max} ${per}. Try again in ${retryPhrase(result.ttl)}.`,
      result.ttl,
    );
  };
}
