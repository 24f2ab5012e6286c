import { ApiError, networkTimeoutError, networkTimeoutMs } from '#web/lib/api-client.ts';
import { authErrorCode, authErrorMessage, authErrorStatus } from './auth-client.ts';

/** A failed step of a sign-in or sign-up flow, with the HTTP status and error code when there were some. */
export class AuthFlowError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;

  constructor(message: string, status?: number, code?: string) {
    super(message);
    this.name = 'AuthFlowError';
    this.status = status;
    this.code = code;
  }

  static from(error: unknown, fallback: string): AuthFlowError {
    return new AuthFlowError(authErrorMessage(error, fallback), authErrorStatus(error), authErrorCode(error));
  }
}

/**
 * Replies whose message the user should read as it is: 429s ("try again in N seconds") and the
 * server's refusal of the address the app was opened at (`forbidden:origin`, which names the address to
 * open and the setting that adds this one).
 */
export function readableAuthError(error: unknown): string | null {
  // The auth client gave the call up (its time-out aborts the request).
  if (error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return networkTimeoutError(networkTimeoutMs()).message;
  }
  if (error instanceof AuthFlowError || error instanceof ApiError) {
    if (error.status === 429 || error.code === ORIGIN_REFUSED) return error.message;
  }
  return null;
}

/** The server's code for a page opened at an address it does not accept (docs/auth.md, "Origins"). */
export const ORIGIN_REFUSED = 'forbidden:origin';

/** The sign-in refusal (better-auth admin plugin's BANNED_USER) and the token refusal of a disabled account. */
const ACCOUNT_DISABLED = new Set(['forbidden:banned_user', 'forbidden:disabled']);

/** The refusal of an account an administrator disabled: its message, which says so; null for any other error. */
export function disabledAccountMessage(error: unknown): string | null {
  if (!(error instanceof AuthFlowError || error instanceof ApiError)) return null;
  return error.code !== undefined && ACCOUNT_DISABLED.has(error.code) ? error.message : null;
}
