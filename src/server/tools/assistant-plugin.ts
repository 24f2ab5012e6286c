import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AiRuntime, createAiRuntime } from '../ai/ai-runtime.ts';
import { createHistoryRepository, type HistoryRepository } from '../history/history-repository.ts';
import { GenerationRegistry } from './generation-registry.ts';
import { createInFlightGenerations } from './in-flight-generations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The model behind the six tools (local or remote). */
    ai: AiRuntime;
    historyRepository: HistoryRepository;
    generations: GenerationRegistry;
  }
}

/**
 * The AI runtime, the history repository and the running generations, decorated for the tool, history
 * and generation routes. The local model starts preparing once the server listens (never in app.inject
 * tests, and never blocking startup); a first tool request also starts it.
 */
export const assistantPlugin = fp(
  async (app: FastifyInstance) => {
    const progressOutput = app.config.NODE_ENV === 'test' ? null : process.stderr;
    const ai = createAiRuntime(app.config, app.log, progressOutput);
    const historyRepository = createHistoryRepository(app.database.db, {
      maxChats: app.config.HISTORY_MAX_CHATS_PER_USER,
      maxBytes: app.config.HISTORY_MAX_BYTES_PER_USER,
    });
    const inFlight = createInFlightGenerations(app.redis, app.config.AI_MAX_IN_FLIGHT_PER_USER, app.log);
    const generations = new GenerationRegistry({ ai, history: historyRepository, inFlight });
    app.decorate('ai', ai);
    app.decorate('historyRepository', historyRepository);
    app.decorate('generations', generations);
    app.healthProbes.set('ai', () => ai.status());
    app.addHook('onListen', async () => ai.prepare());
    app.addHook('onClose', async () => {
      await generations.stopAll();
      await ai.close();
    });
  },
  { name: 'draftsmith-assistant', dependencies: ['redis'] },
);
