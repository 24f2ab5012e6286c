import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Chat } from '#shared/history';
import { apiRequest } from '#web/lib/api-client.ts';
import { historyKeys, teamKeys } from '#web/lib/query-keys.ts';

/** A chat's share with a team (`organizationName` as the contract has it; older replies may lack it). */
export interface ChatTeamShare {
  organizationId: string;
  organizationName?: string;
  sharedAt: string;
}
type TeamShare = ChatTeamShare | null;

const teamSharePath = (chatId: string) => `/history/${encodeURIComponent(chatId)}/team-share` as const;

/**
 * POST /api/history/:id/team-share → {teamShare}: the author shares the chat with the team the access
 * token works in (409 `conflict:no_workspace` in the personal workspace).
 */
export async function shareWithTeam(chatId: string): Promise<TeamShare> {
  return (await apiRequest<{ teamShare: TeamShare }>(teamSharePath(chatId), { method: 'POST' })).data
    .teamShare;
}

/** DELETE /api/history/:id/team-share → {teamShare: null}: the team no longer sees it. */
export async function unshareWithTeam(chatId: string): Promise<TeamShare> {
  return (await apiRequest<{ teamShare: TeamShare }>(teamSharePath(chatId), { method: 'DELETE' })).data
    .teamShare;
}

/** Shares the chat with the team, or stops (`share` false); the chat and the team's list follow. */
export function useTeamShare(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) => (share ? shareWithTeam(chatId) : unshareWithTeam(chatId)),
    onSuccess: (teamShare) => {
      queryClient.setQueryData<Chat>(historyKeys.item(chatId), (chat) =>
        chat ? { ...chat, teamShare } : chat,
      );
      void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
