import type { FastifyInstance, FastifyRequest } from 'fastify';
import { retryPhrase, tooManyRequests } from '#server/errors';

export const PER_USER_WINDOW_MS = 60_000;

export interface PerUserLimit {
  /** Counter name and the error's surface: `rate_limit:<surface>`. */
  surface: string;
  /** Calls one user may make per minute; 0 turns the limit off. */
  perMinute: number;
  /** What is counted, for the message: "Too many <what>: at most N a minute." */
  what: string;
}

/**
 * A per-user budget of calls a minute, keyed by the caller's id (`request.user`, so for protected routes
 * only), in Redis when REDIS_URL is set (so every instance shares the count). Past it: 429
 * `rate_limit:<surface>` with Retry-After. Used by the tool calls (AI_RATE_LIMIT_PER_USER), POST
 * /api/history (HISTORY_RATE_LIMIT_PER_USER) and photo uploads (PHOTO_RATE_LIMIT_PER_USER).
 */
export function perUserRateLimit(
  app: FastifyInstance,
  { surface, perMinute, what }: PerUserLimit,
): (request: FastifyRequest) => Promise<void> {
  if (perMinute === 0) return async () => {};
  const byUser = app.createRateLimit({
    max: perMinute,
    timeWindow: PER_USER_WINDOW_MS,
    keyGenerator: (request) => `${surface}:user:${request.user.sub}`,
  });
  return async (request) => {
    const result = await byUser(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw tooManyRequests(
      surface,
      `Too many ${what}: at most ${perMinute} a minute. Try again in ${retryPhrase(result.ttl)}.`,
      result.ttl,
    );
  };
}
