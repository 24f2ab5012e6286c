import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamUsage } from '#shared/teams';
import { apiGet } from '#web/lib/api-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/** GET /api/organizations/:id/usage, for the team's owners and admins (403 `forbidden:organization` for anyone else). */
export function getTeamUsage(teamId: string): Promise<TeamUsage> {
  return apiGet<TeamUsage>(`/organizations/${encodeURIComponent(teamId)}/usage`);
}

export const teamUsageQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.usage(teamId), queryFn: () => getTeamUsage(teamId) });

export const useTeamUsage = (teamId: string, enabled: boolean) =>
  useQuery({ ...teamUsageQueryOptions(teamId), enabled });
