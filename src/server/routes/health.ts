import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '#server/auth/authenticate';
import { OPTIONAL_BEARER_SECURITY } from '#server/openapi/security';

/**
 * GET /api/health (public): liveness (503 `draining` once a shutdown began), the database and each component's coarse state (the AI model: provider,
 * state, download percent) for anyone. A caller with a valid bearer token also gets the details (model
 * name, failure reason), redacted for display; a missing or invalid token just means no details.
 */
const healthReply = z.object({
  /** 'draining' (with a 503): a shutdown is under way, a proxy should send new traffic elsewhere. */
  status: z.enum(['ok', 'degraded', 'draining']),
  uptimeSeconds: z.number(),
  database: z.object({ kind: z.string(), ok: z.boolean(), latencyMs: z.number().nullable() }),
  components: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness, the database and the components',
        description:
          'For anyone: `status` (`degraded` when the database does not answer), the database, and each ' +
          'component’s coarse state (the AI model: provider, state, download percent). With a valid bearer ' +
          'token or API key each component adds its details (model name, failure reason); an invalid one ' +
          'only means no details.',
        security: OPTIONAL_BEARER_SECURITY,
        response: {
          200: healthReply,
          503: {
            description:
              '`draining`: a shutdown is under way; a load balancer should send new traffic elsewhere.',
            content: { 'application/json': { schema: healthReply } },
          },
        },
      },
    },
    async (request, reply) => {
      let latencyMs: number | null = null;
      try {
        latencyMs = Math.round((await app.database.ping()) * 100) / 100;
      } catch (err) {
        app.log.warn({ err }, 'database ping failed');
      }
      const signedIn = (await getUser(request).catch(() => null)) !== null;
      const components: Record<string, Record<string, unknown>> = {};
      for (const [name, probe] of app.healthProbes) {
        const { summary, details } = await probe();
        components[name] = signedIn ? { ...summary, ...details } : summary;
      }
      const draining = app.lifecycle.draining;
      if (draining) reply.status(503);
      return {
        status: draining
          ? ('draining' as const)
          : latencyMs === null
            ? ('degraded' as const)
            : ('ok' as const),
        uptimeSeconds: Math.round(process.uptime()),
        database: { kind: app.database.kind, ok: latencyMs !== null, latencyMs },
        components,
      };
    },
  );
};
