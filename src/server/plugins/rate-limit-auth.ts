import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { retryPhrase, tooManyRequests } from '#server/errors';
import { type AttemptCounter, createAttemptCounter } from './attempt-counter.ts';

/**
 * Limits on the auth calls that check a password. Hashing costs ~120 ms of CPU, so one process manages
 * ~16 a second:
 * - each IP gets AUTH_RATE_LIMIT_PER_IP attempts a minute, whatever their outcome;
 * - each account and IP together get AUTH_RATE_LIMIT_PER_ACCOUNT failed attempts per 10 minutes (an
 *   attempt is counted before it runs and given back when it succeeds, so parallel guesses cannot
 *   overshoot), so a stranger's failures do not lock the owner out, who signs in from elsewhere;
 * - an account that failed that many times in the window from anywhere is slowed down, not blocked:
 *   its attempts take turns, SLOWDOWN_BASE_MS apart and doubling per further failure up to
 *   SLOWDOWN_MAX_MS, so guesses from many addresses at once still come one turn at a time; when the
 *   turns are booked further ahead than SLOWDOWN_MAX_MS, the attempt gets a 429 with Retry-After.
 * Each action is counted apart. Every other /api/auth call shares a looser per-IP budget.
 */
export const IP_WINDOW_MS = 60_000;
export const ACCOUNT_WINDOW_MS = 10 * 60_000;
export const OTHER_AUTH_CALLS_PER_MINUTE = 300;
export const SLOWDOWN_BASE_MS = 250;
export const SLOWDOWN_MAX_MS = 8_000;
/**
 * Messages one e-mail address may be sent per kind (reset, verification) in MAIL_WINDOW_MS from one
 * network, and from everywhere together: someone else asking from their network cannot use up the
 * owner's own requests, and nobody can flood the inbox.
 */
export const MAILS_PER_ADDRESS = 5;
export const MAILS_PER_ADDRESS_IN_ALL = 20;
export const MAIL_WINDOW_MS = 60 * 60_000;

export type CredentialAction =
  | 'sign-in'
  | 'sign-up'
  | 'change-password'
  | 'delete-user'
  | 'reset-password'
  | 'reauthenticate';
/** Calls that send an e-mail: counted every time, per IP and per address (mailGuard). */
export type MailAction = 'reset-request' | 'verification-email' | 'invitation';
export type LimitedAction = CredentialAction | MailAction | 'auth';

const ACTION_LABEL: Record<LimitedAction, string> = {
  'sign-in': 'sign-in attempts',
  'sign-up': 'sign-up attempts',
  'change-password': 'password attempts',
  'delete-user': 'account deletion attempts',
  'reset-password': 'password reset attempts',
  reauthenticate: 'confirmation attempts',
  'reset-request': 'password reset requests',
  'verification-email': 'verification e-mail requests',
  invitation: 'invitations',
  auth: 'requests',
};

export function rateLimitMessage(action: LimitedAction, ms: number): string {
  return `Too many ${ACTION_LABEL[action]}. Try again in ${retryPhrase(ms)}.`;
}

/** How far apart an account's attempts are held with `failures` recent failures (0 below the limit). */
export function slowdownMs(failures: number, limit: number): number {
  if (limit <= 0 || failures < limit) return 0;
  return Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_BASE_MS * 2 ** Math.min(failures - limit, 16));
}

const limitError = (action: LimitedAction, ttlMs: number) =>
  tooManyRequests(action.replace('-', '_'), rateLimitMessage(action, ttlMs), ttlMs);

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');

/** The e-mail address of a sign-in or sign-up body, hashed so counters never store addresses. */
export function emailAccountKey(request: FastifyRequest): string | null {
  const body = request.body as { email?: unknown } | null | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return email ? hashed(email) : null;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The session of a signed-in call (its cookie's token, hashed): whose password is being checked. */
export function sessionAccountKey(request: FastifyRequest): string | null {
  const token = SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  return token ? hashed(token) : null;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(limiter: Limiter, request: FastifyRequest, action: LimitedAction): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  throw limitError(action, result.ttl);
}

/**
 * Called once the guarded call has run: `failed` when the caller got it wrong (a server error is not
 * the caller's failure), so that only failures stay counted.
 */
export type RecordOutcome = (failed: boolean) => Promise<void>;
export type AttemptGuard = (request: FastifyRequest) => Promise<RecordOutcome>;

const nothingToRecord: RecordOutcome = async () => {};

/** A counter call that cannot lock anyone out when Redis is down (like the rate-limit plugin's skipOnError). */
async function orSkip<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (err) {
    request.log.warn({ err }, 'auth attempt counter unavailable; attempt not counted');
    return null;
  }
}

/**
 * A guard keyed by account (or address): the action's per-IP budget (AUTH_RATE_LIMIT_PER_IP), then,
 * unless AUTH_RATE_LIMIT_PER_ACCOUNT is 0 or the call names no account, `check` with the call's key.
 */
function keyedGuard(
  app: FastifyInstance,
  action: CredentialAction | MailAction,
  keyOf: (request: FastifyRequest) => string | null,
  check: (
    request: FastifyRequest,
    key: string,
    counter: AttemptCounter,
    perAccount: number,
  ) => Promise<RecordOutcome>,
): AttemptGuard {
  const { AUTH_RATE_LIMIT_PER_IP: perIp, AUTH_RATE_LIMIT_PER_ACCOUNT: perAccount } = app.config;
  const byIp = perIpBudget(app, action, perIp);
  const counter: AttemptCounter = createAttemptCounter(app.redis);
  return async (request) => {
    await byIp(request);
    const key = keyOf(request);
    if (perAccount === 0 || !key) return nothingToRecord;
    return check(request, key, counter, perAccount);
  };
}

/** `max` calls of an action per IP and IP_WINDOW_MS, whatever their outcome; no limit when `max` is 0. */
function perIpBudget(
  app: FastifyInstance,
  action: LimitedAction,
  max: number,
): (request: FastifyRequest) => Promise<void> {
  if (max <= 0) return async () => {};
  const limiter = app.createRateLimit({
    max,
    timeWindow: IP_WINDOW_MS,
    keyGenerator: (r) => `${action}:ip:${normalizeIP(r.ip)}`,
  });
  return (request) => enforce(limiter, request, action);
}

/** Guard for the calls that check a password: the per-IP budget, then the per-account failure limits. */
export function credentialGuard(
  app: FastifyInstance,
  action: CredentialAction,
  accountOf: (request: FastifyRequest) => string | null,
): AttemptGuard {
  return keyedGuard(app, action, accountOf, async (request, account, counter, perAccount) => {
    // IPv6 by /48 (a site's usual allocation), so one network cannot rotate through its addresses.
    const fromHere = `${action}:account-ip:${account}:${normalizeIP(request.ip, 48)}`;
    const everywhere = `${action}:account:${account}`;
    const hit = await orSkip(request, () => counter.hit(fromHere, ACCOUNT_WINDOW_MS));
    if (hit && hit.count > perAccount) {
      await orSkip(request, () => counter.undo(fromHere));
      throw limitError(action, hit.ttlMs);
    }
    const failures = await orSkip(request, () => counter.peek(everywhere));
    const spacing = slowdownMs(failures?.count ?? 0, perAccount);
    if (spacing > 0) {
      const turn = await orSkip(request, () =>
        counter.bookTurn(`${action}:turns:${account}`, spacing, SLOWDOWN_MAX_MS),
      );
      if (turn && 'busyForMs' in turn) {
        if (hit) await orSkip(request, () => counter.undo(fromHere));
        throw limitError(action, turn.busyForMs);
      }
      await sleep(turn?.waitMs ?? spacing);
    }

    return async (failed) => {
      if (!failed && hit) await orSkip(request, () => counter.undo(fromHere));
      if (failed) await orSkip(request, () => counter.hit(everywhere, ACCOUNT_WINDOW_MS));
    };
  });
}

/**
 * Guard for the calls that send an e-mail (a password reset link, a verification link): the per-IP
 * budget of the credential calls, and MAILS_PER_ADDRESS requests per address and network (IPv4 address or
 * IPv6 /48) and MAILS_PER_ADDRESS_IN_ALL per address per MAIL_WINDOW_MS, counted
 * whatever the outcome and whether or not the address has an account (the answer says nothing about
 * it), so nobody can flood an inbox. The per-address limit is off with AUTH_RATE_LIMIT_PER_ACCOUNT=0.
 */
export function mailGuard(
  app: FastifyInstance,
  action: MailAction,
  addressOf: (request: FastifyRequest) => string | null,
): AttemptGuard {
  return keyedGuard(app, action, addressOf, async (request, address, counter) => {
    const network = normalizeIP(request.ip, 48);
    const fromHere = await orSkip(request, () =>
      counter.hit(`${action}:address-ip:${address}:${network}`, MAIL_WINDOW_MS),
    );
    if (fromHere && fromHere.count > MAILS_PER_ADDRESS) throw limitError(action, fromHere.ttlMs);
    const inAll = await orSkip(request, () => counter.hit(`${action}:address:${address}`, MAIL_WINDOW_MS));
    if (inAll && inAll.count > MAILS_PER_ADDRESS_IN_ALL) throw limitError(action, inAll.ttlMs);
    return nothingToRecord;
  });
}

/** Guard for the rest of /api/auth/*: a per-IP budget, off when AUTH_RATE_LIMIT_PER_IP is 0. */
export function authCallsGuard(app: FastifyInstance): AttemptGuard {
  if (app.config.AUTH_RATE_LIMIT_PER_IP === 0) return async () => nothingToRecord;
  const byIp = perIpBudget(app, 'auth', OTHER_AUTH_CALLS_PER_MINUTE);
  return async (request) => {
    await byIp(request);
    return nothingToRecord;
  };
}
