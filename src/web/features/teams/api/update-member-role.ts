import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '#web/features/teams/lib/team-types.ts';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

export interface RoleChange {
  memberId: string;
  role: TeamRole;
}

/**
 * POST /api/auth/organization/update-member-role {memberId, role, organizationId}; making someone
 * 'owner' is how ownership is handed over.
 */
export async function updateMemberRole(teamId: string, { memberId, role }: RoleChange): Promise<void> {
  await authCall(
    authClient.organization.updateMemberRole({ memberId, role, organizationId: teamId }),
    'Could not change the role. Please try again.',
  );
}

export function useUpdateMemberRole(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => updateMemberRole(teamId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
  });
}
