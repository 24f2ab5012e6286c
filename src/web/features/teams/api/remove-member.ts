import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/** POST /api/auth/organization/remove-member {memberIdOrEmail, organizationId}. */
export async function removeMember(teamId: string, memberId: string): Promise<void> {
  await authCall(
    authClient.organization.removeMember({ memberIdOrEmail: memberId, organizationId: teamId }),
    'Could not remove the member. Please try again.',
  );
}

export function useRemoveMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => removeMember(teamId, memberId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
  });
}
