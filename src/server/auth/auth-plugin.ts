import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { databaseUnavailable, isDatabaseOutage } from '#server/db/database-outage';
import { AppError } from '#server/errors';
import { type Auth, type AuthExtensions, createAuth } from './auth.ts';
import { resolveAuthEndpoint } from './auth-endpoint.ts';
import { authEndpointPolicies } from './auth-endpoint-policies.ts';
import { mailLinkOrigin } from './auth-mails.ts';
import { type AuthRequestScope, withAuthRequestScope } from './auth-request-scope.ts';
import { authOrigin, isOriginRefusal, originRefusal, unknownAddressRefusal } from './origins.ts';
import { sendWebResponse, toWebRequest } from './web-bridge.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The better-auth instance (sessions are read only by POST /api/jwt, never on hot paths). */
    auth: Auth;
  }
}

/**
 * Creates better-auth, decorates it as `app.auth` and mounts its endpoints under `<prefix>/auth/*`
 * (public: cookie sessions, no bearer token; register inside the /api context, outside the protected
 * scope).
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { secret: string; extensions: AuthExtensions }) => {
    const auth = createAuth({
      config: app.config,
      db: app.database.db,
      secret: opts.secret,
      redis: app.redis,
      revocations: app.accessTokens.revocations,
      fileStorage: app.fileStorage,
      log: app.log,
      mailer: app.mailer,
      extensions: opts.extensions,
    });
    app.decorate('auth', auth);
    await app.register(authRoutes, { refusals: opts.extensions.refusals });
  },
  { name: 'auth', dependencies: ['redis', 'rate-limit', 'file-storage', 'mailer'] },
);

async function authRoutes(app: FastifyInstance, { refusals }: Pick<AuthExtensions, 'refusals'>) {
  // Forms as well as JSON (better-auth's client sends JSON; plain HTML forms and OAuth form_post send forms).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const policyFor = authEndpointPolicies(app, refusals);

  // One route for every better-auth call, so no spelling of a path can reach better-auth past its checks.
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = authOrigin(app.config, request);
    // Sent to a name that is not the server's own: refused here, before better-auth would trust it.
    if (origin === null) throw unknownAddressRefusal(app.config, request);
    const endpoint = resolveAuthEndpoint(request.url, origin);
    const policy = endpoint ? policyFor(endpoint.key) : null;
    if (!endpoint || !policy) {
      throw new AppError('not_found:api', `No API route for ${request.method} ${request.url.split('?')[0]}.`);
    }
    policy.validate?.(request);
    const webRequest = toWebRequest(request, endpoint.url);
    const recordOutcome = await policy.guard(request);
    let response: Response;
    // What better-auth's hooks and mail senders need of this request (auth-request-scope.ts).
    const scope: AuthRequestScope = {
      linkOrigin: mailLinkOrigin(app.config, request),
      proofs: new Map(),
    };
    try {
      response = await withAuthRequestScope(scope, () => app.auth.handler(webRequest));
    } catch (err) {
      await recordOutcome(false); // the server failed, not the caller (or the database refused the row)
      if (isDatabaseOutage(err)) throw databaseUnavailable(err);
      throw (await policy.translate?.(null, err)) ?? new AppError('internal:auth', undefined, { cause: err });
    }
    // better-auth answers a failed query with a bare 500: a database out of reach gets its clear 503.
    if (response.status >= 500 && (await databaseUnreachable(app))) {
      await recordOutcome(false);
      throw databaseUnavailable();
    }
    if (await isOriginRefusal(response)) {
      await recordOutcome(false); // refused before any password was checked
      throw originRefusal(app.config, request, origin);
    }
    // Some refusals are the product's own to word (a team without a free seat).
    const translated = policy.translate ? await policy.translate(response, undefined) : null;
    if (translated) {
      await recordOutcome(false);
      throw translated;
    }
    await recordOutcome(response.status >= 400 && response.status < 500);
    if (response.status === 401 && policy.withoutSession) throw policy.withoutSession();
    return sendWebResponse(reply, response);
  };
  // AUTH_BASE_PATH/* (this plugin is registered inside the /api prefix). A path that resolves elsewhere
  // is refused above, so a mismatch could only refuse calls, never let one through unchecked.
  // The OpenAPI document shows each offered endpoint instead of this catch-all (openapi-paths.ts).
  app.route({ method: ['GET', 'POST'], url: '/auth/*', schema: { hide: true }, handler: forward });
}

/** Whether the database fails a ping as an outage does (only asked after a server error). */
async function databaseUnreachable(app: FastifyInstance): Promise<boolean> {
  try {
    await app.database.ping();
    return false;
  } catch (err) {
    return isDatabaseOutage(err);
  }
}
