import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CurrentUser, requireSelf } from '#server/auth/authenticate';
import { AppError } from '#server/errors';
import { apiErrors } from '#server/openapi/route-responses';
import { currentWorkspace } from '#server/teams/team-access';
import { accountGone, type StoredUser } from '#server/users/users-repository';
import { signUpSchema } from '#shared/auth-schemas';
import type { User } from '#shared/user';
import { userWithUsageSchema } from '#shared/user-schema';

/**
 * The user as the API shows it: the workspace the caller's token works in, and their generations this
 * period against the plan that counts them there (the team's paid plan, else their own).
 */
async function withUsage(
  app: FastifyInstance,
  caller: CurrentUser,
  user: StoredUser,
): Promise<StoredUser & Pick<Required<User>, 'usage' | 'workspace'>> {
  const workspace = await currentWorkspace(app, caller);
  return {
    ...user,
    workspace,
    usage: await app.usageRepository.usage(user.uid, workspace?.organizationId ?? null),
  };
}

/** POST /api/users (idempotent profile creation) and GET /api/users/:uid, both for the caller only. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.usersRepository;
  const userReply = z.object({ user: userWithUsageSchema });

  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Create the caller’s profile',
        description:
          'Idempotent: 201 with the profile when it was created (the first call after sign-up), 200 when it ' +
          'existed, as `GET /api/users/{uid}` shows it. `username` names a new profile (default: the account’s name).',
        // Extra fields of the documented payload (uid, photo; docs/product.md) are ignored: the caller is the bearer.
        body: z.object({ username: signUpSchema.shape.username.optional() }).nullish(),
        response: { 200: userReply, 201: userReply, ...apiErrors(400) },
      },
    },
    async (request, reply) => {
      const result = await users.ensureProfile(request.user.sub, request.body?.username);
      if (!result) throw accountGone();
      const user = await withUsage(app, request.user, result.user);
      return reply.status(result.created ? 201 : 200).send({ user });
    },
  );

  app.get(
    '/users/:uid',
    {
      schema: {
        tags: ['users'],
        summary: 'The caller’s profile, plan and usage',
        description:
          'The plan (`subscription`) and this period’s `usage`: `used`, the plan’s `limit` (null: unlimited) ' +
          'and `periodEnd`, when the count starts again; in a team’s workspace with a paid plan, the team’s. ' +
          '`admin`: an administrator (ADMIN_EMAILS, with a verified address, not disabled). `billing`: ' +
          '`managed` when subscribed online (Stripe), `cancelAtPeriodEnd` when cancelled to end at ' +
          '`periodEnd`. 403 `forbidden:user` for another account’s id.',
        params: z.object({ uid: z.string().min(1).max(200) }),
        response: { 200: userReply, ...apiErrors(400, 403, 404) },
      },
    },
    async (request) => {
      requireSelf(request.user, request.params.uid);
      const user = await users.findOwn(request.user.sub);
      if (!user) throw new AppError('not_found:user', 'This account no longer exists.');
      return { user: await withUsage(app, request.user, user) };
    },
  );
};
