import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsageRepository, type UsageRepository } from './usage-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Generations counted against each user's plan (reserve, commit, release, usage). */
    usageRepository: UsageRepository;
  }
}

export interface UsageRepositoryPluginOptions {
  /** The clock the usage periods follow; tests pass one to cross a month. */
  now?: () => Date;
}

/**
 * Decorates `app.usageRepository` once, with the free plan's limit from the configuration
 * (FREE_GENERATIONS_PER_MONTH), for the tool routes, the generations and GET /api/users/:uid.
 */
export const usageRepositoryPlugin = fp<UsageRepositoryPluginOptions>(
  async (app: FastifyInstance, options) => {
    const usageRepository = createUsageRepository(app.database.db, {
      freeGenerationsPerMonth: app.config.FREE_GENERATIONS_PER_MONTH,
      now: options.now,
    });
    app.decorate('usageRepository', usageRepository);
  },
  { name: 'usage-repository' },
);
