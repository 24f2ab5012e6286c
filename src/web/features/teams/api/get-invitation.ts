import { queryOptions, useQuery } from '@tanstack/react-query';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/** An invitation as the person invited sees it. */
export interface InvitationDetails {
  id: string;
  teamId: string;
  teamName: string;
  inviterEmail: string;
  role: string;
  status: string;
  expiresAt: Date;
}

/**
 * GET /api/auth/organization/get-invitation?id=: only for the account it was sent to. An expired,
 * answered or cancelled invitation, or another account's, is refused with better-auth's message.
 */
export async function getInvitation(id: string): Promise<InvitationDetails> {
  const invitation = await authCall(
    authClient.organization.getInvitation({ query: { id } }),
    'Could not load the invitation.',
  );
  return {
    id: invitation.id,
    teamId: invitation.organizationId,
    teamName: invitation.organizationName,
    inviterEmail: invitation.inviterEmail,
    role: invitation.role,
    status: invitation.status,
    expiresAt: new Date(invitation.expiresAt),
  };
}

export const invitationQueryOptions = (id: string) =>
  queryOptions({ queryKey: teamKeys.invitation(id), queryFn: () => getInvitation(id), retry: false });

export const useInvitation = (id: string, enabled: boolean) =>
  useQuery({ ...invitationQueryOptions(id), enabled });
