import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamInvitation } from '#shared/teams';
import { apiGet } from '#web/lib/api-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/** An invitation as the person invited sees it. */
export interface InvitationDetails {
  id: string;
  teamId: string;
  teamName: string;
  inviterName: string;
  inviterEmail: string;
  role: string;
  status: string;
  expiresAt: Date;
}

/**
 * GET /api/invitations/:id: only for the account it was sent to (404 for anyone else), whatever its
 * status, with the name and address of who sent it. Needs a session: never called signed out.
 */
export async function getInvitation(id: string): Promise<InvitationDetails> {
  const invitation = await apiGet<TeamInvitation>(`/invitations/${encodeURIComponent(id)}`);
  return {
    id: invitation.id,
    teamId: invitation.organizationId,
    teamName: invitation.organizationName,
    inviterName: invitation.inviter.name,
    inviterEmail: invitation.inviter.email,
    role: invitation.role,
    status: invitation.status,
    expiresAt: new Date(invitation.expiresAt),
  };
}

export const invitationQueryOptions = (id: string) =>
  queryOptions({ queryKey: teamKeys.invitation(id), queryFn: () => getInvitation(id), retry: false });

export const useInvitation = (id: string, enabled: boolean) =>
  useQuery({ ...invitationQueryOptions(id), enabled });
