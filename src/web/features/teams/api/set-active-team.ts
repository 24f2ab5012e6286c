import { authCall } from '#web/lib/auth-call.ts';
import { authClient } from '#web/lib/auth-client.ts';

/**
 * POST /api/auth/organization/set-active {organizationId}: the session works in that team from now on
 * (null: the personal workspace). The access token carries it, so a new one must be fetched after.
 */
export async function setActiveTeam(teamId: string | null): Promise<void> {
  await authCall(
    authClient.organization.setActive({ organizationId: teamId }).then(({ data, error }) => ({
      // Choosing the personal workspace answers null: that is a success too.
      data: data ?? {},
      error,
    })),
    'Could not switch the workspace. Please try again.',
  );
}
