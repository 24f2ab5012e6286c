import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';
import { BUSY_MESSAGE } from './generation-limiter.ts';
import type { ProgressOutput } from './local/download-progress.ts';
import { LocalModelHost } from './local/local-model-host.ts';
import { resolveModelSource } from './local/model-source.ts';
import { createNodeHttpFetch } from './node-http-fetch.ts';
import { resolveProviderSettings } from './provider-settings.ts';
import { createRemoteModel } from './remote-model.ts';

/** Limits every generation obeys, whatever the provider. */
export interface GenerationSettings {
  timeoutMs: number;
  maxRetries: number;
  retryDelayMs: number;
  maxOutputTokens: number;
}

/** The model behind the tools: one interface for the local model and every remote provider. */
export interface AiRuntime {
  readonly provider: string;
  readonly settings: GenerationSettings;
  /** Throws a 503 AppError when a generation could not start now (model not ready, line full). */
  assertAvailable(): void;
  /** The AI SDK model to stream from (also throws the 503 when not ready). */
  languageModel(): LanguageModelV3;
  /** Starts background work (the local model's download and load); no-op for remote providers. */
  prepare(): void;
  status(): Record<string, unknown>;
  close(): Promise<void>;
}

export function createAiRuntime(
  config: Config,
  log: FastifyBaseLogger,
  progressOutput: ProgressOutput | null,
): AiRuntime {
  const settings: GenerationSettings = {
    timeoutMs: config.AI_TIMEOUT_MS,
    maxRetries: config.AI_MAX_RETRIES,
    retryDelayMs: config.AI_RETRY_DELAY_MS,
    maxOutputTokens: config.AI_MAX_OUTPUT_TOKENS,
  };
  const provider = resolveProviderSettings(config);
  if (provider.provider !== 'local') {
    const http = createNodeHttpFetch();
    const model = createRemoteModel(provider, http.fetch);
    return {
      provider: provider.provider,
      settings,
      assertAvailable() {},
      languageModel: () => model,
      prepare() {},
      status: () => ({ provider: provider.provider, model: provider.modelId, state: 'ready' }),
      close: async () => http.close(),
    };
  }
  const host = createLocalHost(config, log, progressOutput);
  return {
    provider: 'local',
    settings,
    assertAvailable() {
      host.languageModel();
      if (host.limiter.full)
        throw new AppError('unavailable:model_busy', BUSY_MESSAGE, { headers: { 'retry-after': '5' } });
    },
    languageModel: () => host.languageModel(),
    prepare: () => void host.prepare(),
    status: () => ({
      provider: 'local',
      model: host.name,
      ...host.status,
      active: host.limiter.active,
      queued: host.limiter.queued,
    }),
    close: () => host.close(),
  };
}

function createLocalHost(config: Config, log: FastifyBaseLogger, progressOutput: ProgressOutput | null) {
  const cores = availableParallelism();
  let source: ReturnType<typeof resolveModelSource> | Error;
  try {
    source = resolveModelSource(
      config.LOCAL_MODEL,
      config.LOCAL_MODEL_SHA256,
      resolve(config.DATA_DIR, 'models'),
    );
  } catch (err) {
    source = err instanceof Error ? err : new Error(String(err));
  }
  return new LocalModelHost({
    source,
    // The library's default thread count is far slower on small machines: always explicit, at most the cores.
    threads: Math.min(config.LOCAL_MODEL_THREADS ?? cores, cores),
    contextSize: config.LOCAL_MODEL_CONTEXT,
    parallel: config.LOCAL_MODEL_PARALLEL,
    queueLimit: config.AI_QUEUE_LIMIT,
    log,
    progressOutput,
  });
}
