import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AuthCallError, authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

/** better-auth's refusal when the session is older than its fresh age (a day) for adding a passkey. */
const SESSION_NOT_FRESH = 'forbidden:session_not_fresh';

/**
 * The browser's passkey ceremony for the signed-in account: GET /api/auth/passkey/generate-register-options,
 * the authenticator, then POST /api/auth/passkey/verify-registration {response, name}.
 */
export async function addPasskey(name: string): Promise<void> {
  try {
    await authCall(authClient.passkey.addPasskey({ name }), 'Could not add the passkey. Please try again.');
  } catch (error) {
    if (error instanceof AuthCallError && error.code === SESSION_NOT_FRESH) {
      throw new AuthCallError(
        'For your security, sign out and sign in again, then add the passkey.',
        error.code,
        error.status,
      );
    }
    throw error;
  }
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys }),
  });
}
