import { startAuthentication } from '@simplewebauthn/browser';
import { AuthCallError, authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';

/**
 * The server's answer when adding a credential (an API key, a passkey) or unlinking a sign-in method
 * comes from a session not proven in the last 10 minutes: confirm it's you, then go on.
 */
export const REAUTH_REQUIRED = 'forbidden:reauth_required';

export function isReauthRequired(error: unknown): boolean {
  return error instanceof AuthCallError && error.code === REAUTH_REQUIRED;
}

/** POST /api/auth/reauthenticate {password}: the session counts as a fresh sign-in again. */
export async function reauthenticateWithPassword(password: string): Promise<void> {
  await authCall(
    authClient.$fetch('/reauthenticate', { method: 'POST', body: { password } }),
    'Could not confirm your password. Please try again.',
  );
}

/**
 * The same with one of the account's passkeys: GET /api/auth/passkey/generate-authenticate-options,
 * the browser's authenticator, then POST /api/auth/reauthenticate {response}. No new session is made.
 */
export async function reauthenticateWithPasskey(): Promise<void> {
  const options = await authCall(
    authClient.$fetch<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
      '/passkey/generate-authenticate-options',
      { method: 'GET' },
    ),
    'Could not start the passkey check. Please try again.',
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: options });
  } catch {
    throw new AuthCallError(
      'The passkey was not used. Try again, or enter your password.',
      'cancelled:passkey',
      undefined,
    );
  }
  await authCall(
    authClient.$fetch('/reauthenticate', { method: 'POST', body: { response } }),
    'Could not confirm it’s you with that passkey. Please try again.',
  );
}
