import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AiRuntime, createAiRuntime } from '#server/ai/ai-runtime';
import type { ProgressOutput } from '#server/ai/local/download-progress';
import { createChatWriter } from '#server/history/chat-writer';
import { createGenerationBus, type GenerationBus } from './generation-bus.ts';
import { createInFlightGenerations } from './in-flight-generations.ts';
import { RunningGenerations } from './running-generations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The model behind the tools (local or remote). */
    ai: AiRuntime;
    generations: RunningGenerations;
    /**
     * What reaches a generation beyond its request and instance (generation-bus.ts): the running list
     * and final events, live text from another instance, Stop wherever it runs (Redis when REDIS_URL is set).
     */
    generationBus: GenerationBus;
  }
}

export interface ToolsPluginOptions {
  /**
   * Where the local model's download progress is drawn: stderr when left out (never in tests); null when
   * the start banner shows it (src/server/startup/banner-terminal.ts).
   */
  progressOutput?: ProgressOutput | null;
}

/**
 * The AI runtime and the running generations (which save their chats through `app.historyRepository`),
 * decorated for the tool and generation routes. The local model starts preparing once the server
 * listens (never in app.inject tests, and never blocking startup); a first tool request also starts it.
 */
export const toolsPlugin = fp<ToolsPluginOptions>(
  async (app: FastifyInstance, options) => {
    const progressOutput =
      options.progressOutput !== undefined
        ? options.progressOutput
        : app.config.NODE_ENV === 'test'
          ? null
          : process.stderr;
    const ai = await createAiRuntime(app.config, app.log, progressOutput);
    const inFlight = createInFlightGenerations(app.redis, app.config.AI_MAX_IN_FLIGHT_PER_USER, app.log);
    const generations = new RunningGenerations({
      ai,
      chats: createChatWriter({
        history: app.historyRepository,
        storage: app.fileStorage,
        saveRetryMs: app.config.HISTORY_SAVE_RETRY_MS,
        log: app.log,
      }),
      summary: { chunkTokens: app.config.SUMMARY_CHUNK_TOKENS, concurrency: app.config.SUMMARY_CONCURRENCY },
      scans: app.documents,
      saveRetryMs: app.config.HISTORY_SAVE_RETRY_MS,
      inFlight,
      usage: app.usageRepository,
      log: app.log,
      observer: app.metrics.generations,
    });
    app.decorate('ai', ai);
    app.decorate('generations', generations);
    const bus = await createGenerationBus(app.redis, generations, app.log);
    app.decorate('generationBus', bus);
    app.healthProbes.set('ai', () => ai.status());
    app.addHook('onListen', async () => ai.prepare());
    app.addHook('onClose', async () => {
      await generations.stopAll();
      await bus.close();
      await ai.close();
    });
  },
  {
    name: 'draftsmith-tools',
    dependencies: ['redis', 'history-repository', 'usage-repository', 'file-storage', 'metrics', 'documents'],
  },
);
