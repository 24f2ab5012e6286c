import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReauthentication } from '#web/features/account/hooks/use-reauthentication.ts';
import { AuthCallError, authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

/**
 * The browser's passkey ceremony for the signed-in account: GET /api/auth/passkey/generate-register-options,
 * the authenticator, then POST /api/auth/passkey/verify-registration {response, name}. A session not
 * proven in the last 10 minutes is asked to confirm it's you first (use-reauthentication.ts).
 */
export async function addPasskey(name: string): Promise<void> {
  try {
    await authCall(authClient.passkey.addPasskey({ name }), 'Could not add the passkey. Please try again.');
  } catch (error) {
    // The browser's own answer when this device already holds one of the account's passkeys.
    if (error instanceof AuthCallError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      throw new AuthCallError(
        'This device already has a passkey for your account: use it to sign in, or add one on another device.',
        error.code,
        error.status,
      );
    }
    throw error;
  }
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  const withReauthentication = useReauthentication();
  return useMutation({
    mutationFn: (name: string) => withReauthentication(() => addPasskey(name)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys }),
  });
}
