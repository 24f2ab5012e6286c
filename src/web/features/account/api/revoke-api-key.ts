import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

/** POST /api/auth/api-key/delete {keyId}: the key stops working at once. */
export function revokeApiKey(keyId: string): Promise<{ success: boolean }> {
  return authCall(authClient.apiKey.delete({ keyId }), 'Could not revoke the key. Please try again.');
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.apiKeys }),
  });
}
