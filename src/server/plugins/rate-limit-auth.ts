import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { type AttemptCounter, createAttemptCounter } from './attempt-counter.ts';

/**
 * Limits on the expensive auth calls. Password hashing costs ~120 ms of CPU, so one process manages
 * ~16 sign-ins a second:
 * - each IP gets AUTH_RATE_LIMIT_PER_IP attempts a minute, whatever their outcome;
 * - each e-mail address and IP together get AUTH_RATE_LIMIT_PER_ACCOUNT failed attempts per 10 minutes
 *   (an attempt is counted before it runs and refunded when it succeeds), so a stranger cannot lock the
 *   owner out, who signs in from another address;
 * - an address that failed that many times in the window from anywhere is slowed down, not blocked:
 *   each further attempt waits SLOWDOWN_BASE_MS, doubling per failure, at most SLOWDOWN_MAX_MS.
 * Sign-in and sign-up are counted apart. Every other /api/auth call shares a looser per-IP budget.
 */
export const IP_WINDOW_MS = 60_000;
export const ACCOUNT_WINDOW_MS = 10 * 60_000;
export const OTHER_AUTH_CALLS_PER_MINUTE = 300;
export const SLOWDOWN_BASE_MS = 250;
export const SLOWDOWN_MAX_MS = 8_000;

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

/** How long an attempt on an address with `failures` recent failures waits (0 below the limit). */
export function slowdownMs(failures: number, limit: number): number {
  if (limit <= 0 || failures < limit) return 0;
  return Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_BASE_MS * 2 ** Math.min(failures - limit, 16));
}

/** The e-mail address of a sign-in or sign-up body, hashed so counters never store addresses. */
function accountKey(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return email ? createHash('sha256').update(email).digest('base64url') : null;
}

function limitError(action: LimitedAction, ttlMs: number): AppError {
  return new AppError(`rate_limit:${action.replace('-', '_')}`, rateLimitMessage(action, ttlMs), {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(ttlMs / 1000))) },
  });
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(limiter: Limiter, request: FastifyRequest, action: LimitedAction): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  throw limitError(action, result.ttl);
}

/** Says how the guarded call ended, so that only failures stay counted. */
export type SettleAttempt = (succeeded: boolean) => Promise<void>;
export type AttemptGuard = (request: FastifyRequest) => Promise<SettleAttempt>;

const settled: SettleAttempt = async () => {};

/** A counter call that cannot lock anyone out when Redis is down (like the rate-limit plugin's skipOnError). */
async function orSkip<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (err) {
    request.log.warn({ err }, 'auth attempt counter unavailable; attempt not counted');
    return null;
  }
}

/** Guard for e-mail sign-in and sign-up: the per-IP budget, then the per-address failure limits. */
export function credentialGuard(app: FastifyInstance, action: 'sign-in' | 'sign-up'): AttemptGuard {
  const { AUTH_RATE_LIMIT_PER_IP: perIp, AUTH_RATE_LIMIT_PER_ACCOUNT: perAccount } = app.config;
  const byIp =
    perIp > 0
      ? app.createRateLimit({
          max: perIp,
          timeWindow: IP_WINDOW_MS,
          keyGenerator: (r) => `${action}:ip:${normalizeIP(r.ip)}`,
        })
      : null;
  const counter: AttemptCounter = createAttemptCounter(app.redis);

  return async (request) => {
    if (byIp) await enforce(byIp, request, action);
    const account = accountKey(request);
    if (perAccount === 0 || !account) return settled;

    const fromHere = `${action}:account-ip:${account}:${normalizeIP(request.ip)}`;
    const everywhere = `${action}:account:${account}`;
    const hit = await orSkip(request, () => counter.hit(fromHere, ACCOUNT_WINDOW_MS));
    if (hit && hit.count > perAccount) {
      await orSkip(request, () => counter.undo(fromHere));
      throw limitError(action, hit.ttlMs);
    }
    const failures = await orSkip(request, () => counter.peek(everywhere));
    const wait = slowdownMs(failures?.count ?? 0, perAccount);
    if (wait > 0) await sleep(wait);

    return async (succeeded) => {
      if (succeeded && hit) await orSkip(request, () => counter.undo(fromHere));
      if (!succeeded) await orSkip(request, () => counter.hit(everywhere, ACCOUNT_WINDOW_MS));
    };
  };
}

/** Guard for the rest of /api/auth/*: a per-IP budget, off when AUTH_RATE_LIMIT_PER_IP is 0. */
export function authCallsGuard(app: FastifyInstance): AttemptGuard {
  if (app.config.AUTH_RATE_LIMIT_PER_IP === 0) return async () => settled;
  const byIp = app.createRateLimit({
    max: OTHER_AUTH_CALLS_PER_MINUTE,
    timeWindow: IP_WINDOW_MS,
    keyGenerator: (r) => `auth:ip:${normalizeIP(r.ip)}`,
  });
  return async (request) => {
    await enforce(byIp, request, 'auth');
    return settled;
  };
}
