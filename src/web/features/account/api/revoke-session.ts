import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { accountKeys } from '#web/lib/query-keys.ts';

/** POST /api/auth/revoke-session {token}: signs that session out (its access tokens end at once). */
export function revokeSession(token: string) {
  return authCall(authClient.revokeSession({ token }), 'Could not sign that session out.');
}

/** POST /api/auth/revoke-other-sessions: every session but this one. */
export function revokeOtherSessions() {
  return authCall(authClient.revokeOtherSessions(), 'Could not sign the other sessions out.');
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
