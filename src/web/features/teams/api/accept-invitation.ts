import { useMutation } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';

/** POST /api/auth/organization/accept-invitation {invitationId}: the caller joins the team. */
export async function acceptInvitation(invitationId: string): Promise<void> {
  await authCall(
    authClient.organization.acceptInvitation({ invitationId }),
    'Could not accept the invitation. Please try again.',
  );
}

export const useAcceptInvitation = () => useMutation({ mutationFn: acceptInvitation });
