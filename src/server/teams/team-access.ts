import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '#server/auth/authenticate';
import { AppError } from '#server/errors';
import { canManageTeam } from '#shared/teams';
import type { Workspace } from './teams-repository.ts';

/**
 * The team the caller works in: the token's workspace (`org`, the session's active organization when
 * the token was minted) if they are still a member of it, else null, the personal workspace. Read from
 * the database each time: a member removed a moment ago has lost the team's plan and chats.
 */
export async function currentWorkspace(app: FastifyInstance, user: CurrentUser): Promise<Workspace | null> {
  return user.org ? app.teamsRepository.workspace(user.sub, user.org) : null;
}

/**
 * The caller's membership of `organizationId`: 404 `not_found:organization` when there is no such
 * team, 403 `forbidden:organization` when the caller is not in it or (`manage`) is only a member.
 */
export async function requireMembership(
  app: FastifyInstance,
  user: CurrentUser,
  organizationId: string,
  { manage = false } = {},
): Promise<Workspace> {
  const membership = await app.teamsRepository.workspace(user.sub, organizationId);
  if (!membership) {
    if (!(await app.teamsRepository.exists(organizationId))) {
      throw new AppError('not_found:organization', 'No such team.');
    }
    throw new AppError('forbidden:organization', 'You are not a member of this team.');
  }
  if (manage && !canManageTeam(membership.role)) {
    throw new AppError('forbidden:organization', 'Only the team’s owners and admins can see this.');
  }
  return membership;
}
