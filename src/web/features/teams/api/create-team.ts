import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teamSlug } from '#web/features/teams/lib/team-slug.ts';
import type { TeamSummary } from '#web/features/teams/lib/team-types.ts';
import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';
import { teamKeys } from '#web/lib/query-keys.ts';

/** POST /api/auth/organization/create {name, slug}: the signed-in user becomes its owner. */
export async function createTeam(name: string): Promise<TeamSummary> {
  const trimmed = name.trim();
  const team = await authCall(
    authClient.organization.create({ name: trimmed, slug: teamSlug(trimmed) }),
    'Could not create the team. Please try again.',
  );
  return { id: team.id, name: team.name, slug: team.slug };
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.list }),
  });
}
