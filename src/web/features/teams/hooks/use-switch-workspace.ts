import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setActiveTeam } from '#web/features/teams/api/set-active-team.ts';

/**
 * Works in another workspace (a team's id, or null for the personal one): the session's active team
 * is set, then `onWorkspaceChanged` fetches a new access token and the profile (the app's auth store),
 * and every query is read again, since what they show depends on the workspace.
 */
export function useSwitchWorkspace(onWorkspaceChanged: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (teamId: string | null) => {
      await setActiveTeam(teamId);
      await onWorkspaceChanged();
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
