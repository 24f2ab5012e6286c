import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamRole } from '#web/features/teams/lib/team-types.ts';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

export interface InviteInput {
  email: string;
  role: Extract<TeamRole, 'member' | 'admin'>;
}

/** POST /api/auth/organization/invite-member {email, role, organizationId}: the invitee gets an e-mail. */
export async function inviteMember(teamId: string, { email, role }: InviteInput): Promise<void> {
  await authCall(
    authClient.organization.inviteMember({ email: email.trim(), role, organizationId: teamId }),
    'Could not send the invitation. Please try again.',
  );
}

export function useInviteMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => inviteMember(teamId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.team(teamId) }),
  });
}
