import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** GET /api/health: liveness plus the state of the database (and, once wired, the model). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        response: {
          200: z.object({
            status: z.enum(['ok', 'degraded']),
            uptimeSeconds: z.number(),
            database: z.object({ kind: z.string(), ok: z.boolean(), latencyMs: z.number().nullable() }),
            components: z.record(z.string(), z.unknown()),
          }),
        },
      },
    },
    async () => {
      let latencyMs: number | null = null;
      try {
        latencyMs = Math.round((await app.database.ping()) * 100) / 100;
      } catch (err) {
        app.log.warn({ err }, 'database ping failed');
      }
      const components: Record<string, unknown> = {};
      for (const [name, probe] of app.healthProbes) components[name] = await probe();
      return {
        status: latencyMs === null ? ('degraded' as const) : ('ok' as const),
        uptimeSeconds: Math.round(process.uptime()),
        database: { kind: app.database.kind, ok: latencyMs !== null, latencyMs },
        components,
      };
    },
  );
};
