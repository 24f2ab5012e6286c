import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * Limits on the expensive auth calls. Password hashing costs ~120 ms of CPU, so one process manages
 * ~16 sign-ins a second: each IP gets AUTH_RATE_LIMIT_PER_IP attempts a minute, and each e-mail address
 * AUTH_RATE_LIMIT_PER_ACCOUNT attempts per 10 minutes (counted whatever the outcome). Sign-in and
 * sign-up are counted apart. Every other /api/auth call shares a looser per-IP budget.
 */
export const IP_WINDOW_MS = 60_000;
export const ACCOUNT_WINDOW_MS = 10 * 60_000;
export const OTHER_AUTH_CALLS_PER_MINUTE = 300;

export type LimitedAction = 'sign-in' | 'sign-up' | 'auth';

const ACTION_LABEL: Record<LimitedAction, string> = {
  'sign-in': 'sign-in attempts',
  'sign-up': 'sign-up attempts',
  auth: 'requests',
};

export function retryPhrase(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export function rateLimitMessage(action: LimitedAction, ms: number): string {
  return `Too many ${ACTION_LABEL[action]}. Try again in ${retryPhrase(ms)}.`;
}

/** The e-mail address of a sign-in or sign-up body, hashed so counters never store addresses. */
function accountKey(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return email ? createHash('sha256').update(email).digest('base64url') : null;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(limiter: Limiter, request: FastifyRequest, action: LimitedAction): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  const seconds = Math.max(1, result.ttlInSeconds);
  throw new AppError(`rate_limit:${action.replace('-', '_')}`, rateLimitMessage(action, result.ttl), {
    headers: { 'retry-after': String(seconds) },
  });
}

/** preHandler for POST /api/auth/sign-in/email and /sign-up/email: per IP, then per account. */
export function credentialRateLimit(
  app: FastifyInstance,
  action: 'sign-in' | 'sign-up',
): preHandlerAsyncHookHandler {
  const { AUTH_RATE_LIMIT_PER_IP: perIp, AUTH_RATE_LIMIT_PER_ACCOUNT: perAccount } = app.config;
  const byIp =
    perIp > 0
      ? app.createRateLimit({
          max: perIp,
          timeWindow: IP_WINDOW_MS,
          keyGenerator: (r) => `${action}:ip:${normalizeIP(r.ip)}`,
        })
      : null;
  const byAccount =
    perAccount > 0
      ? app.createRateLimit({
          max: perAccount,
          timeWindow: ACCOUNT_WINDOW_MS,
          keyGenerator: (r) => `${action}:account:${accountKey(r)}`,
        })
      : null;
  return async (request) => {
    if (byIp) await enforce(byIp, request, action);
    if (byAccount && accountKey(request)) await enforce(byAccount, request, action);
  };
}

/** preHandler for the rest of /api/auth/*: a per-IP budget, off when AUTH_RATE_LIMIT_PER_IP is 0. */
export function authCallsRateLimit(app: FastifyInstance): preHandlerAsyncHookHandler {
  if (app.config.AUTH_RATE_LIMIT_PER_IP === 0) return async () => {};
  const byIp = app.createRateLimit({
    max: OTHER_AUTH_CALLS_PER_MINUTE,
    timeWindow: IP_WINDOW_MS,
    keyGenerator: (r) => `auth:ip:${normalizeIP(r.ip)}`,
  });
  return async (request) => enforce(byIp, request, 'auth');
}
