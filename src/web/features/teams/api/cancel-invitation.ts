import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/** POST /api/auth/organization/cancel-invitation {invitationId}: its link stops working. */
export async function cancelInvitation(invitationId: string): Promise<void> {
  await authCall(
    authClient.organization.cancelInvitation({ invitationId }),
    'Could not cancel the invitation. Please try again.',
  );
}

export function useCancelInvitation(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
  });
}
