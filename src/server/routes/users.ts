import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signUpSchema } from '../../shared/auth-schemas.ts';
import { userSchema } from '../../shared/user-schema.ts';
import { authenticate, requireSelf, requireUser } from '../auth/require-user.ts';
import { AppError } from '../errors.ts';
import { createUserRepository } from '../users/user-repository.ts';

const accountGone = () =>
  new AppError('unauthorized:user', 'This account no longer exists. Please sign in again.');

/** POST /api/users (idempotent profile creation) and GET /api/users/:uid, both for the caller only. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = createUserRepository(app.database.db);
  const userReply = z.object({ user: userSchema });

  app.post(
    '/users',
    {
      onRequest: authenticate,
      schema: {
        // Extra fields of the spec's payload (uid, photo) are ignored: the caller is the bearer.
        body: z.object({ username: signUpSchema.shape.username.optional() }).nullish(),
        response: { 200: userReply, 201: userReply },
      },
    },
    async (request, reply) => {
      const caller = await requireUser(request);
      const result = await users.ensureProfile(caller.sub, request.body?.username);
      if (!result) throw accountGone();
      return reply.status(result.created ? 201 : 200).send({ user: result.user });
    },
  );

  app.get(
    '/users/:uid',
    {
      onRequest: authenticate,
      schema: {
        params: z.object({ uid: z.string().min(1).max(200) }),
        response: { 200: userReply },
      },
    },
    async (request) => {
      const caller = await requireUser(request);
      requireSelf(caller, request.params.uid);
      const user = await users.findOwn(caller.sub);
      if (!user) throw new AppError('not_found:user', 'This account no longer exists.');
      return { user };
    },
  );
};
