import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

/** POST /api/auth/passkey/update-passkey {id, name}. */
export function renamePasskey({ id, name }: { id: string; name: string }) {
  return authCall(authClient.passkey.updatePasskey({ id, name }), 'Could not rename the passkey.');
}

/** POST /api/auth/passkey/delete-passkey {id}: it can no longer sign in. */
export function deletePasskey(id: string) {
  return authCall(authClient.passkey.deletePasskey({ id }), 'Could not remove the passkey.');
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renamePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys }),
  });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.passkeys }),
  });
}
