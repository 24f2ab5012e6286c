import { useMutation } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';

/** POST /api/auth/organization/reject-invitation {invitationId}: the invitation is declined. */
export async function rejectInvitation(invitationId: string): Promise<void> {
  await authCall(
    authClient.organization.rejectInvitation({ invitationId }),
    'Could not decline the invitation. Please try again.',
  );
}

export const useRejectInvitation = () => useMutation({ mutationFn: rejectInvitation });
