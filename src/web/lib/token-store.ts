import { ACCESS_TOKEN_KEY } from '#shared/storage-keys';

/** Renew the access token this long before it expires (docs/auth.md, "Access tokens": 5 minutes). */
export const RENEWAL_MARGIN_MS = 5 * 60 * 1000;
/** After a failed renewal, try again after 30 s, doubling up to 16 minutes (docs/product.md §9). */
export const RENEWAL_RETRY_FIRST_MS = 30 * 1000;
export const RENEWAL_RETRY_MAX_MS = 16 * 60 * 1000;

/** The wait before the next try after `failures` failed renewals in a row (≥ 1). */
export function renewalRetryDelay(failures: number): number {
  return Math.min(RENEWAL_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), RENEWAL_RETRY_MAX_MS);
}

type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface TokenStoreOptions {
  storage: () => TokenStorage | undefined;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Milliseconds from `now` until the renewal is due (0 when already due). */
export function msUntilRenewal(expiresAt: number, now: number): number {
  return Math.max(0, expiresAt - RENEWAL_MARGIN_MS - now);
}

/** The claims of a JWT, read without verifying it: the server does the verifying. */
function readClaims(token: string): { exp?: unknown; sub?: unknown; org?: unknown } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: unknown;
      sub?: unknown;
      org?: unknown;
    };
  } catch {
    return null;
  }
}

/** The `exp` claim in milliseconds. */
export function readTokenExpiry(token: string): number | null {
  const exp = readClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/** The `org` claim: the team workspace the token works in (null: the personal one). */
export function readTokenWorkspace(token: string): string | null {
  const org = readClaims(token)?.org;
  return typeof org === 'string' ? org : null;
}

/** The `sub` claim: whose token this is. */
export function readTokenSubject(token: string): string | null {
  const sub = readClaims(token)?.sub;
  return typeof sub === 'string' ? sub : null;
}

/**
 * The access token lives in localStorage under `access-token` (docs/product.md §4). The store also keeps one
 * renewal timer: whoever holds a session registers `onRenew`, and it runs 5 minutes before expiry; a
 * failed renewal is tried again after 30 s, then 1, 2, 4, 8 and 16 minutes, and every 16 minutes after.
 */
export function createTokenStore(options: TokenStoreOptions) {
  const now = options.now ?? Date.now;
  const setTimer = options.setTimer ?? ((fn, ms) => globalThis.setTimeout(fn, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  let timer: unknown = null;
  let renew: (() => Promise<unknown>) | null = null;
  let renewing: Promise<unknown> | null = null;
  /** Failed timed renewals in a row: the next try waits renewalRetryDelay(failures). */
  let failures = 0;

  /** One renewal at a time: the timer and any waiting request share it. */
  function runRenewal(run: () => Promise<unknown>): Promise<unknown> {
    renewing ??= run().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  function cancelRenewal() {
    if (timer !== null) clearTimer(timer);
    timer = null;
  }

  /** A timed renewal: a failure is tried again later, backing off; a success sets a new token (and timer). */
  function timedRenewal(run: () => Promise<unknown>, delay: number) {
    timer = setTimer(() => {
      timer = null;
      runRenewal(run).then(
        () => {
          failures = 0;
        },
        () => {
          if (renew !== run || timer !== null) return; // stopped, or a new token scheduled its own
          failures += 1;
          timedRenewal(run, renewalRetryDelay(failures));
        },
      );
    }, delay);
  }

  function scheduleRenewal() {
    cancelRenewal();
    const token = get();
    const expiresAt = token ? readTokenExpiry(token) : null;
    if (!renew || expiresAt === null) return;
    timedRenewal(renew, msUntilRenewal(expiresAt, now()));
  }

  function get(): string | null {
    try {
      return options.storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
    } catch {
      return null;
    }
  }

  function set(token: string) {
    options.storage()?.setItem(ACCESS_TOKEN_KEY, token);
    failures = 0;
    scheduleRenewal();
  }

  function clear() {
    cancelRenewal();
    options.storage()?.removeItem(ACCESS_TOKEN_KEY);
  }

  /** True when a token for `subject` is stored and is not yet inside the renewal margin. */
  function isFreshFor(subject: string): boolean {
    const token = get();
    if (!token || readTokenSubject(token) !== subject) return false;
    const expiresAt = readTokenExpiry(token);
    return expiresAt !== null && msUntilRenewal(expiresAt, now()) > 0;
  }

  /**
   * Before a protected call: if the stored token is already inside the renewal margin (the timer was
   * late, e.g. after the computer slept), wait for a renewal instead of sending a token about to fail.
   */
  async function ensureFresh(): Promise<void> {
    const token = get();
    const expiresAt = token ? readTokenExpiry(token) : null;
    if (!renew || expiresAt === null || msUntilRenewal(expiresAt, now()) > 0) return;
    await runRenewal(renew).catch(() => undefined);
  }

  /**
   * Registers the renewal callback (null to stop renewing) and (re)schedules the timer. The callback
   * must reject when the renewal failed, so that it is tried again.
   */
  function onRenew(callback: (() => Promise<unknown>) | null) {
    renew = callback;
    failures = 0;
    if (callback) scheduleRenewal();
    else cancelRenewal();
  }

  return { get, set, clear, isFreshFor, ensureFresh, onRenew };
}

export const tokenStore = createTokenStore({
  storage: () => (typeof window === 'undefined' ? undefined : window.localStorage),
});
