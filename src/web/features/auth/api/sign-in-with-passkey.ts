import { useMutation } from '@tanstack/react-query';
import { authStore } from '#web/features/auth/lib/auth-store.ts';
import { authClient } from './auth-client.ts';
import { AuthFlowError } from './auth-flow-error.ts';
import { createAccessToken } from './create-access-token.ts';

/**
 * Sign-in with a passkey: GET /api/auth/passkey/generate-authenticate-options, the browser's passkey
 * prompt, POST /api/auth/passkey/verify-authentication (the cookie session), then POST /api/jwt for the
 * bearer token, as the e-mail sign-in does.
 */
export async function signInWithPasskey(): Promise<void> {
  const { data, error } = await authClient.signIn.passkey();
  if (error || !data) throw AuthFlowError.from(error, 'Passkey sign-in failed');
  await createAccessToken(data.user.email);
}

/** Resolves once the auth store holds the new session, so protected routes see it at once. */
export const useSignInWithPasskey = () =>
  useMutation({ mutationFn: signInWithPasskey, onSuccess: authStore.refresh });
