import { ApiError } from '#web/lib/api-client.ts';
import { authErrorMessage, authErrorStatus } from './auth-client.ts';

/** A failed step of a sign-in or sign-up flow, with the HTTP status when there was one. */
export class AuthFlowError extends Error {
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'AuthFlowError';
    this.status = status;
  }

  static from(error: unknown, fallback: string): AuthFlowError {
    return new AuthFlowError(authErrorMessage(error, fallback), authErrorStatus(error));
  }
}

/** 429 replies carry a message the user should read ("try again in N seconds"). */
export function rateLimitMessage(error: unknown): string | null {
  if (error instanceof AuthFlowError && error.status === 429) return error.message;
  if (error instanceof ApiError && error.status === 429) return error.message;
  return null;
}
