import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { syncAdminRoles } from './admin/admin-roles.ts';
import type { ProgressOutput } from './ai/local/download-progress.ts';
import { type AccessTokens, createAccessTokens } from './auth/access-token.ts';
import { authPlugin } from './auth/auth-plugin.ts';
import { AUTH_DESCRIPTION, authPaths } from './auth/openapi-paths.ts';
import { createTokenRevocations } from './auth/token-revocations.ts';
import { authExtensions } from './auth-extensions.ts';
import { backupPlugin } from './backup/backup-plugin.ts';
import { billingPlugin } from './billing/billing-plugin.ts';
import type { HealthProbe } from './component-health.ts';
import type { Config } from './config/config.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import type { Database } from './db/client.ts';
import { documentsPlugin } from './documents/documents-plugin.ts';
import { AppError } from './errors.ts';
import { toolsPlugin } from './generation/generation-plugin.ts';
import { generationProgressSchema, generationStartSchema } from './generation/sse-event-schemas.ts';
import { historyRepositoryPlugin } from './history/history-repository-plugin.ts';
import { refuseControlCharacters } from './input-rules.ts';
import { loggerOptions } from './logger-options.ts';
import { mailPlugin } from './mail/mail-plugin.ts';
import { metricsPlugin } from './metrics/metrics-plugin.ts';
import { openapiPlugin } from './openapi/openapi-plugin.ts';
import { errorsPlugin, frameworkErrorHandler } from './plugins/errors.ts';
import { lifecyclePlugin } from './plugins/lifecycle.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { redisPlugin } from './plugins/redis.ts';
import { requestId, requestLogPlugin } from './plugins/request-log.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { backupRoutes } from './routes/backup.ts';
import { billingWebhookRoutes } from './routes/billing.ts';
import { configRoutes } from './routes/config.ts';
import { healthRoutes } from './routes/health.ts';
import { jwtRoutes } from './routes/jwt.ts';
import { protectedApi } from './routes/protected-api.ts';
import { sharedChatRoutes } from './routes/shared-chats.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { storagePlugin } from './storage/storage-plugin.ts';
import { teamsRepositoryPlugin } from './teams/teams-repository-plugin.ts';
import { usageRepositoryPlugin } from './usage/usage-repository-plugin.ts';
import { usersRepositoryPlugin } from './users/users-repository-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    accessTokens: AccessTokens;
    /** Named components reported by GET /api/health (e.g. the AI model). */
    healthProbes: Map<string, HealthProbe>;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /** Secret for sessions and access tokens (from BETTER_AUTH_SECRET or DATA_DIR). */
  secret: string;
  /** Directory of the built web app; omitted in API-only tests. */
  webDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** The local model's download progress on the terminal; null when the start banner shows it. */
  modelProgressOutput?: ProgressOutput | null;
  /** The clock plan usage is counted by (calendar months); tests pass one to cross a month. */
  now?: () => Date;
}

/** Builds the whole application as a Fastify instance without listening (tests use app.inject). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logger),
    // One line per request instead of Fastify's two (plugins/request-log.ts), with a proxy's request id
    // when it is short and safe, else a new one; every answer returns it as x-request-id.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A request (a 20 MB upload included) must arrive within 2 minutes: a client that trickles its body
    // cannot hold the memory it was given for longer. Fastify's own default is no limit.
    requestTimeout: 120_000,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('healthProbes', new Map<string, HealthProbe>());

  // External plugins first, then the app's own, then routes (fastify/demo order).
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https ? { maxAge: 15552000 } : false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(errorsPlugin);
  // One input rule for every route, better-auth's included (input-rules.ts): before any route's own checks.
  app.addHook('preValidation', async (request) => {
    refuseControlCharacters(request.params, 'path');
    refuseControlCharacters(request.query, 'query');
    // Parsed bodies only: a raw one (Stripe's signed webhook, a backup archive) is the route's to read.
    if (typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body)) {
      refuseControlCharacters(request.body);
    }
  });
  // Before every route, so that the OpenAPI document sees each of them (/api/openapi.json, /api/docs).
  // The paths and schemas no route declares: better-auth's endpoints (one catch-all route forwards them)
  // and the events of a generation's stream.
  await app.register(openapiPlugin, {
    description: AUTH_DESCRIPTION,
    paths: authPaths,
    components: [
      [generationStartSchema, 'GenerationStart'],
      [generationProgressSchema, 'GenerationProgress'],
    ],
  });
  await app.register(metricsPlugin);
  await app.register(requestLogPlugin);
  await app.register(lifecyclePlugin);
  await app.register(redisPlugin);
  const revocations = createTokenRevocations(app.redis, app.log);
  app.decorate('accessTokens', createAccessTokens(deps.secret, revocations));
  app.addHook('onClose', () => revocations.close());
  await app.register(rateLimitPlugin);
  await app.register(storagePlugin);
  await app.register(mailPlugin);
  await app.register(backupPlugin);
  await app.register(usersRepositoryPlugin);
  await app.register(historyRepositoryPlugin);
  await app.register(usageRepositoryPlugin, { now: deps.now });
  await app.register(teamsRepositoryPlugin);
  await app.register(billingPlugin);
  await app.register(documentsPlugin);
  await app.register(toolsPlugin, { progressOutput: deps.modelProgressOutput });

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => {
        const path = request.url.split('?')[0];
        const error = new AppError('not_found:api', `No API route for ${request.method} ${path}.`);
        request.appError = error;
        reply.status(404).send(error.toBody());
      });
      // Public: no bearer token needed (health adds details for a caller who sends one).
      await api.register(healthRoutes);
      // ADMIN_EMAILS may have changed since the last start: roles follow it (new accounts get theirs at sign-up).
      await syncAdminRoles(api.database.db, api.config.ADMIN_EMAILS);
      await api.register(authPlugin, { secret: deps.secret, extensions: authExtensions(api) });
      await api.register(configRoutes);
      await api.register(jwtRoutes);
      await api.register(uploadRoutes);
      await api.register(sharedChatRoutes);
      // Public to users, guarded by the backup token from DATA_DIR (npm run backup).
      await api.register(backupRoutes);
      // Public to Stripe, guarded by the webhook signature.
      await api.register(billingWebhookRoutes);
      // Protected: one scope that authenticates every route once (request.user).
      await api.register(protectedApi);
    },
    { prefix: '/api' },
  );

  // Without PUBLIC_URL the page heads' links are root-relative: they name whichever address was opened.
  await app.register(staticWebPlugin, {
    webDir: deps.webDir,
    publicUrl: config.PUBLIC_URL ? config.publicUrl : '',
  });
  return app;
}
