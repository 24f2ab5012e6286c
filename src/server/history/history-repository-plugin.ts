import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createHistoryRepository, type HistoryRepository } from './history-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** History chats, every query scoped to the caller, within the per-user quota. */
    historyRepository: HistoryRepository;
  }
}

/**
 * Decorates `app.historyRepository` once, with the quota from the configuration
 * (HISTORY_MAX_CHATS_PER_USER, HISTORY_MAX_BYTES_PER_USER), for the history routes and the generations.
 */
export const historyRepositoryPlugin = fp(
  async (app: FastifyInstance) => {
    const historyRepository = createHistoryRepository(app.database.db, {
      maxChats: app.config.HISTORY_MAX_CHATS_PER_USER,
      maxBytes: app.config.HISTORY_MAX_BYTES_PER_USER,
    });
    app.decorate('historyRepository', historyRepository);
  },
  { name: 'history-repository' },
);
