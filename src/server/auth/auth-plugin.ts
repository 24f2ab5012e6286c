import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { authCallsRateLimit, credentialRateLimit } from '../plugins/rate-limit-auth.ts';
import { type Auth, createAuth } from './auth.ts';
import { validateSignIn, validateSignUp, validateSocialSignIn } from './auth-body-rules.ts';
import { sendWebResponse, toWebRequest } from './web-bridge.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The better-auth instance (sessions are read only by POST /api/jwt, never on hot paths). */
    auth: Auth;
  }
}

/**
 * Creates better-auth, decorates it as `app.auth` and mounts its endpoints under `<prefix>/auth/*`
 * (register inside the /api context). Sign-up, e-mail sign-in and social sign-in get their own routes
 * for validation and rate limits; everything else goes through the catch-all.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    const auth = createAuth({
      config: app.config,
      db: app.database.db,
      secret: opts.secret,
      redis: app.redis,
      log: app.log,
    });
    app.decorate('auth', auth);
    await app.register(authRoutes);
  },
  { name: 'auth', dependencies: ['redis', 'rate-limit'] },
);

async function authRoutes(app: FastifyInstance) {
  // Forms as well as JSON (better-auth's client sends JSON; plain HTML forms and OAuth form_post send forms).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const webRequest = toWebRequest(request, app.config.publicUrl);
    let response: Response;
    try {
      response = await app.auth.handler(webRequest);
    } catch (err) {
      throw new AppError('internal:auth', undefined, { cause: err });
    }
    return sendWebResponse(reply, response);
  };

  app.post('/auth/sign-up/email', {
    preValidation: async (request) => validateSignUp(request),
    preHandler: credentialRateLimit(app, 'sign-up'),
    handler: forward,
  });
  app.post('/auth/sign-in/email', {
    preValidation: async (request) => validateSignIn(request),
    preHandler: credentialRateLimit(app, 'sign-in'),
    handler: forward,
  });
  const otherCalls = authCallsRateLimit(app);
  app.post('/auth/sign-in/social', {
    preValidation: async (request) => validateSocialSignIn(request, app.config),
    preHandler: otherCalls,
    handler: forward,
  });
  app.route({ method: ['GET', 'POST'], url: '/auth/*', preHandler: otherCalls, handler: forward });
}
