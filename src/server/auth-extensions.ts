import type { FastifyInstance } from 'fastify';
import type { AuthExtensions } from './auth/auth.ts';
import { teamRulesPlugin } from './teams/team-rules-plugin.ts';
import { seatsRefusal, teamMembershipLimit } from './teams/team-seats.ts';
import { removeHiddenPhoto } from './users/photo-cleanup.ts';

/**
 * What the domains above auth add to accounts, composed here (the app's own layer) so that auth imports
 * none of them: teams' invitation rules, departures and seats, users' photo cleanup.
 */
export function authExtensions(app: FastifyInstance): AuthExtensions {
  const { db } = app.database;
  return {
    plugins: [
      teamRulesPlugin({
        db,
        redis: app.redis,
        history: app.historyRepository,
        fileStorage: app.fileStorage,
        log: app.log,
        membersChanged: () => app.plansChanged(),
      }),
    ],
    membershipLimit: teamMembershipLimit(db),
    afterUserUpdate: removeHiddenPhoto({
      users: app.usersRepository,
      fileStorage: app.fileStorage,
      log: app.log,
    }),
    refusals: { '/organization/accept-invitation': seatsRefusal },
  };
}
