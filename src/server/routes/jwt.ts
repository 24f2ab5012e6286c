import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DISABLED_ACCOUNT_MESSAGE } from '#server/auth/auth';
import { authOrigin, unknownAddressRefusal } from '#server/auth/origins';
import { toWebHeaders } from '#server/auth/web-bridge';
import { AppError } from '#server/errors';
import { apiErrors } from '#server/openapi/route-responses';
import { SESSION_SECURITY } from '#server/openapi/security';
import { jwtRequestSchema } from '#shared/auth-schemas';

/**
 * POST /api/jwt {email} → {token, expiresAt} (public: no bearer token): trades the cookie session for a
 * short-lived bearer token. The only route that reads the session; the e-mail must be the session's own
 * (case-insensitive).
 */
export const jwtRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jwt',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade the session for an access token',
        description:
          'With the session cookie and the session’s own e-mail address: an access token (an HS256 JWT, valid ' +
          'for 15 minutes) for `Authorization: Bearer`, working in the session’s active team (better-auth’s ' +
          '`organization/set-active`; ask for a new token after switching) while the caller is a member of it, ' +
          'else in the personal workspace. Ask again before it expires; it stops working at once when its ' +
          'session ends (401 `unauthorized:token` “Your session has ended. Please sign in again.”). In this ' +
          'order: 403 `forbidden:origin` for a call sent to a name this server does not know as its own; 401 ' +
          '`unauthorized:session` without a session; 403 `forbidden:disabled` for a disabled account; 401 ' +
          '`unauthorized:session` for another address.',
        security: SESSION_SECURITY,
        body: jwtRequestSchema,
        response: {
          200: z.object({
            token: z.string(),
            expiresAt: z.number().meta({ description: 'When it expires, in milliseconds since the epoch.' }),
          }),
          ...apiErrors(400, 401, 403, 503),
        },
      },
    },
    async (request, reply) => {
      // A cookie held for a name that is not the server's own (one rebound to it, signed in before such
      // names were refused) buys no token: the same refusal as the auth endpoints (auth/origins.ts).
      if (authOrigin(app.config, request) === null) throw unknownAddressRefusal(app.config, request);
      const { headers, response: session } = await app.auth.api.getSession({
        headers: toWebHeaders(request),
        returnHeaders: true,
      });
      // A refreshed session comes with new cookies; pass them on.
      const cookies = headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!session) {
        throw new AppError(
          'unauthorized:session',
          'You are not signed in. Sign in, then ask for a token again.',
        );
      }
      // The admin plugin ends a disabled account's sessions; one read just before that buys no token either.
      if (session.user.banned) throw new AppError('forbidden:disabled', DISABLED_ACCOUNT_MESSAGE);
      if (session.user.email.toLowerCase() !== request.body.email.toLowerCase()) {
        throw new AppError(
          'unauthorized:session',
          'This e-mail address is not the one you are signed in with.',
        );
      }
      // The session's active team, while the user is a member of it (a removed member's session may
      // still name it): the workspace the token works in (ADR 0026).
      const active = (session.session as { activeOrganizationId?: string | null }).activeOrganizationId;
      const team = active ? await app.teamsRepository.workspace(session.user.id, active) : null;
      return app.accessTokens.sign({
        sub: session.user.id,
        email: session.user.email,
        sid: session.session.id,
        org: team?.organizationId ?? null,
      });
    },
  );
};
