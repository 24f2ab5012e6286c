import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { type AttemptGuard, authCallsGuard, credentialGuard } from '../plugins/rate-limit-auth.ts';
import { type Auth, createAuth } from './auth.ts';
import {
  validateChangePassword,
  validateSignIn,
  validateSignUp,
  validateSocialSignIn,
} from './auth-body-rules.ts';
import { resolveAuthEndpoint } from './auth-endpoint.ts';
import { sendWebResponse, toWebRequest } from './web-bridge.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The better-auth instance (sessions are read only by POST /api/jwt, never on hot paths). */
    auth: Auth;
  }
}

/**
 * Creates better-auth, decorates it as `app.auth` and mounts its endpoints under `<prefix>/auth/*`
 * (register inside the /api context).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string }) => {
    const auth = createAuth({
      config: app.config,
      db: app.database.db,
      secret: opts.secret,
      redis: app.redis,
      revocations: app.accessTokens.revocations,
      log: app.log,
    });
    app.decorate('auth', auth);
    await app.register(authRoutes);
  },
  { name: 'auth', dependencies: ['redis', 'rate-limit'] },
);

/** What a better-auth endpoint needs before it runs: body rules (400) and a rate-limit guard (429). */
interface EndpointPolicy {
  validate?: (request: FastifyRequest) => void;
  guard: AttemptGuard;
}

async function authRoutes(app: FastifyInstance) {
  // Forms as well as JSON (better-auth's client sends JSON; plain HTML forms and OAuth form_post send forms).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const otherCalls: EndpointPolicy = { guard: authCallsGuard(app) };
  // Keyed by the endpoint better-auth will run (auth-endpoint.ts), whatever the path's spelling.
  const policies = new Map<string, EndpointPolicy>([
    ['/sign-up/email', { validate: validateSignUp, guard: credentialGuard(app, 'sign-up') }],
    ['/sign-in/email', { validate: validateSignIn, guard: credentialGuard(app, 'sign-in') }],
    ['/sign-in/social', { validate: (r) => validateSocialSignIn(r, app.config), guard: otherCalls.guard }],
    ['/change-password', { validate: validateChangePassword, guard: otherCalls.guard }],
  ]);

  // One route for every better-auth call, so no spelling of a path can reach better-auth past its checks.
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const endpoint = resolveAuthEndpoint(request.url, app.config.publicUrl);
    if (!endpoint) {
      throw new AppError('not_found:api', `No API route for ${request.method} ${request.url.split('?')[0]}.`);
    }
    const policy = policies.get(endpoint.key) ?? otherCalls;
    policy.validate?.(request);
    const webRequest = toWebRequest(request, endpoint.url);
    const settle = await policy.guard(request);
    let response: Response;
    try {
      response = await app.auth.handler(webRequest);
    } catch (err) {
      await settle(true); // the server failed, not the caller: nothing to hold against the address
      throw new AppError('internal:auth', undefined, { cause: err });
    }
    await settle(response.status < 400 || response.status >= 500);
    return sendWebResponse(reply, response);
  };
  app.route({ method: ['GET', 'POST'], url: '/auth/*', handler: forward });
}
