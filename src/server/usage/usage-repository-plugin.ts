import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sharePlanChanges } from './plan-changes.ts';
import { memoryPlanCounts } from './plan-counts.ts';
import { redisPlanCounts } from './redis-plan-counts.ts';
import { createUsageRepository, type UsageRepository } from './usage-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Generations counted against each user's plan (reserve, commit, release, usage). */
    usageRepository: UsageRepository;
    /**
     * Call when a plan, a team's seats or a team's members change: every instance reads the plans it
     * remembered for admissions again (usage/plan-changes.ts).
     */
    plansChanged(): void;
  }
}

export interface UsageRepositoryPluginOptions {
  /** The clock the usage periods follow; tests pass one to cross a month. */
  now?: () => Date;
}

/**
 * Decorates `app.usageRepository` once, with the free plan's limit from the configuration
 * (FREE_GENERATIONS_PER_MONTH), for the tool routes, the generations and GET /api/users/:uid. Where
 * generations are counted before the model (ADR 0028): this process's memory on the embedded database
 * (one process per data directory), Redis when there is one, else the database.
 */
export const usageRepositoryPlugin = fp<UsageRepositoryPluginOptions>(
  async (app: FastifyInstance, options) => {
    const counts =
      app.database.kind === 'pglite' ? memoryPlanCounts() : app.redis ? redisPlanCounts(app.redis) : null;
    const usageRepository = createUsageRepository(app.database.db, {
      freeGenerationsPerMonth: app.config.FREE_GENERATIONS_PER_MONTH,
      now: options.now,
      counts,
      log: app.log,
      // Read when a generation is admitted, by then every repository is there.
      isMember: async (userId, organizationId) =>
        (await app.teamsRepository.workspace(userId, organizationId)) !== null,
    });
    const changes = sharePlanChanges(app.redis, () => usageRepository.plansChanged(), app.log);
    app.decorate('usageRepository', usageRepository);
    app.decorate('plansChanged', () => changes.announce());
    app.addHook('onClose', () => changes.close());
  },
  { name: 'usage-repository' },
);
