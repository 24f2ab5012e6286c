import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamDetails } from '#web/features/teams/lib/team-types.ts';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/auth/organization/get-full-organization?organizationId=: the team, its members (owners
 * first, then by name) and its invitations still waiting for an answer.
 */
export async function getTeam(teamId: string): Promise<TeamDetails> {
  const team = await authCall(
    authClient.organization.getFullOrganization({ query: { organizationId: teamId } }),
    'Could not load the team.',
  );
  const rank = (role: string) => ['owner', 'admin', 'member'].indexOf(role);
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    members: team.members
      .map((m) => ({ id: m.id, userId: m.userId, role: m.role, name: m.user.name, email: m.user.email }))
      .sort((a, b) => rank(a.role) - rank(b.role) || a.name.localeCompare(b.name)),
    invitations: team.invitations
      .filter((i) => i.status === 'pending')
      .map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role,
        status: i.status,
        expiresAt: new Date(i.expiresAt),
      })),
  };
}

export const teamQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.team(teamId), queryFn: () => getTeam(teamId) });

export const useTeam = (teamId: string) => useQuery(teamQueryOptions(teamId));
