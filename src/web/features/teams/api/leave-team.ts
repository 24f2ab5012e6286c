import { useMutation } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';

/**
 * POST /api/auth/organization/leave {organizationId}. better-auth refuses the only owner ('You cannot
 * leave the organization as the only owner'): they hand ownership over first.
 */
export async function leaveTeam(teamId: string): Promise<void> {
  await authCall(
    authClient.organization.leave({ organizationId: teamId }),
    'Could not leave the team. Please try again.',
  );
}

/** The caller moves on (back to the personal workspace) in `onSuccess`. */
export const useLeaveTeam = (teamId: string) => useMutation({ mutationFn: () => leaveTeam(teamId) });
