import { authErrorCode, authErrorMessage, authErrorStatus } from './auth-client.ts';

/** A refused better-auth call: the message the server gave (the API's shape), its code and status. */
export class AuthCallError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  constructor(message: string, code: string | undefined, status: number | undefined) {
    super(message);
    this.name = 'AuthCallError';
    this.code = code;
    this.status = status;
  }
}

/** better-auth's client answers `{data, error}`; this gives the data or throws the error as AuthCallError. */
export async function authCall<T>(
  call: Promise<{ data: T | null; error: unknown }>,
  fallback: string,
): Promise<T> {
  const { data, error } = await call;
  if (error)
    throw new AuthCallError(authErrorMessage(error, fallback), authErrorCode(error), authErrorStatus(error));
  if (data === null) throw new AuthCallError(fallback, undefined, undefined);
  return data;
}

/** What to show for a failed call: the server's message, or `fallback` for anything else. */
export function readableError(error: unknown, fallback: string): string {
  return error instanceof AuthCallError ? error.message : fallback;
}
