import { ApiError } from '#web/lib/api-client.ts';
import type { AuthSession } from './auth-client.ts';

/**
 * The better-auth cookie session, or null when signed out. A plain fetch of better-auth's
 * get-session endpoint keeps its client library out of the first page load.
 */
export async function getSession(): Promise<AuthSession | null> {
  const response = await fetch('/api/auth/get-session', {
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new ApiError(response.status, 'auth:session', 'Could not read the session');
  const body = (await response.json()) as AuthSession | null;
  return body?.user ? body : null;
}
