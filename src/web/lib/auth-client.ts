import { apiKeyClient } from '@better-auth/api-key/client';
import { passkeyClient } from '@better-auth/passkey/client';
import { organizationClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { networkTimeoutMs } from './api-client.ts';

/**
 * better-auth's client for the cookie session under /api/auth (docs/auth.md); the one instance, for
 * every feature. With the passkey (sign-in, the account's passkeys), API key (the account's keys) and
 * organization (teams: the workspace switcher, /team, invitations) plugins.
 */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [passkeyClient(), apiKeyClient(), organizationClient()],
  // docs/product.md §9: a call is given up after 30 s (60 s on a narrow screen), like the API's.
  fetchOptions: { timeout: networkTimeoutMs() },
});

export type AuthSession = NonNullable<Awaited<ReturnType<typeof authClient.getSession>>['data']>;

/** better-auth errors carry `message`; our own rate limiter answers `{error: {message}}`. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null) return fallback;
  const record = error as { message?: unknown; error?: { message?: unknown } };
  if (typeof record.message === 'string' && record.message) return record.message;
  if (typeof record.error?.message === 'string' && record.error.message) return record.error.message;
  return fallback;
}

/** The API's `type:surface` code (`{error: {code}}`), or better-auth's own `code`. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { code?: unknown; error?: { code?: unknown } };
  if (typeof record.error?.code === 'string' && record.error.code) return record.error.code;
  return typeof record.code === 'string' && record.code ? record.code : undefined;
}

export function authErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}
