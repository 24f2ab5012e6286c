import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamChat } from '#shared/teams';
import { apiGet } from '#web/lib/api-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/** GET /api/organizations/:id/chats → {chats}, newest share first (any member). */
export async function getTeamChats(teamId: string): Promise<TeamChat[]> {
  return (await apiGet<{ chats: TeamChat[] }>(`/organizations/${encodeURIComponent(teamId)}/chats`)).chats;
}

export const teamChatsQueryOptions = (teamId: string) =>
  queryOptions({ queryKey: teamKeys.chats(teamId), queryFn: () => getTeamChats(teamId) });

export const useTeamChats = (teamId: string) => useQuery(teamChatsQueryOptions(teamId));
