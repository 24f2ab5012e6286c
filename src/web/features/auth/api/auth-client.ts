import { createAuthClient } from 'better-auth/react';

/** better-auth's client for the cookie session under /api/auth (ARCHITECTURE.md). */
export const authClient = createAuthClient({ basePath: '/api/auth' });

export type AuthSession = NonNullable<Awaited<ReturnType<typeof authClient.getSession>>['data']>;

/** better-auth errors carry `message`; our own rate limiter answers `{error: {message}}`. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null) return fallback;
  const record = error as { message?: unknown; error?: { message?: unknown } };
  if (typeof record.message === 'string' && record.message) return record.message;
  if (typeof record.error?.message === 'string' && record.error.message) return record.error.message;
  return fallback;
}

export function authErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}
