import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamSummary } from '#web/features/teams/lib/team-types.ts';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/** GET /api/auth/organization/list: the signed-in user's teams, by name. */
export async function listTeams(): Promise<TeamSummary[]> {
  const teams = await authCall(authClient.organization.list(), 'Could not load your teams.');
  return teams.map(({ id, name, slug }) => ({ id, name, slug })).sort((a, b) => a.name.localeCompare(b.name));
}

export const teamsQueryOptions = () => queryOptions({ queryKey: teamKeys.list, queryFn: listTeams });

export const useTeams = () => useQuery(teamsQueryOptions());
