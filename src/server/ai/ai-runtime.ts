import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import type { ComponentHealth } from '#server/component-health';
import type { Config } from '#server/config/config';
import type { AiStatus } from '#shared/ai-status';
import { localAiStatus, remoteAiStatus } from './ai-status.ts';
import type { QueueTicket } from './generation-limiter.ts';
import type { ProgressOutput } from './local/download-progress.ts';
import { LocalModelHost } from './local/local-model-host.ts';
import { resolveModelSource } from './local/model-source.ts';
import { PROMPT_SHARE } from './local/prompt-share.ts';
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

/** What a prompt may take (see AiRuntime.promptBudget). */
export interface PromptBudget {
  maxPromptTokens: number;
  parallelCalls: number;
  /** The model counts a prompt's real tokens itself and refuses one that is too long (the local model). */
  checksPromptLength: boolean;
}

/** The model behind the tools: one interface for the local model and every remote provider. */
export interface AiRuntime {
  readonly provider: string;
  readonly settings: GenerationSettings;
  /**
   * Throws a 503 AppError when this user's generation cannot be taken now: no model can be had (after
   * a failure that cannot be tried again yet), or no place in the local model's line for them. A local
   * model still on its way is no reason: the generation waits for it (`waitForModel`).
   */
  assertAvailable(userId: string): void;
  /**
   * Resolves when the model can take the generation: at once for a remote provider or a ready local
   * model; otherwise once the local model is ready (loading it when it is out of memory), waiting in its
   * line (rejects with the failure's 503, or the signal's reason). A waiting generation can be dropped
   * like a queued one (`dropQueued`).
   */
  waitForModel(ticket: QueueTicket, signal: AbortSignal): Promise<void>;
  /**
   * Drops a generation still waiting in the local model's line (its model call then rejects with
   * `reason`); false when it is not waiting (already started, or a remote provider, which never queues).
   */
  dropQueued(generationId: string, reason: unknown): boolean;
  /** The AI SDK model to stream from (throws the 503 when not ready). */
  languageModel(): LanguageModelV3;
  /**
   * The longest prompt the model takes, in tokens (its context less the room kept for the answer), and
   * how many calls it serves at once: what a long document is split by (tools/long-document.ts).
   */
  promptBudget(): PromptBudget;
  /** The local model's line: generations running on it and waiting for a turn; null for a remote provider. */
  queue(): { running: number; waiting: number } | null;
  /** Starts background work (the local model's download and file check); no-op for remote providers. */
  prepare(): void;
  /** For GET /api/health: provider and state for anyone, the model and any failure reason as details. */
  status(): ComponentHealth;
  /** For GET /api/ai/status: the model's state with progress, or why there is none and what to do. */
  describe(): AiStatus;
  close(): Promise<void>;
}

export async function createAiRuntime(
  config: Config,
  log: FastifyBaseLogger,
  progressOutput: ProgressOutput | null,
): Promise<AiRuntime> {
  const settings: GenerationSettings = {
    timeoutMs: config.AI_TIMEOUT_MS,
    maxRetries: config.AI_MAX_RETRIES,
    retryDelayMs: config.AI_RETRY_DELAY_MS,
    maxOutputTokens: config.AI_MAX_OUTPUT_TOKENS,
  };
  const provider = resolveProviderSettings(config);
  if (provider.provider !== 'local') {
    const http = createNodeHttpFetch();
    const remote = await createRemoteModel(provider, http.fetch);
    return {
      provider: provider.provider,
      settings,
      assertAvailable() {},
      waitForModel: async () => {},
      dropQueued: () => false,
      languageModel: () => remote.model,
      promptBudget: () => ({
        maxPromptTokens: Math.max(1024, config.AI_CONTEXT_TOKENS - config.AI_MAX_OUTPUT_TOKENS),
        parallelCalls: Number.POSITIVE_INFINITY,
        checksPromptLength: false,
      }),
      queue: () => null,
      prepare() {},
      status: () => ({
        summary: { provider: provider.provider, state: 'ready' },
        details: { model: provider.modelId },
      }),
      describe: () => remoteAiStatus(provider.provider, provider.modelId),
      close: async () => {
        remote.close();
        http.close();
      },
    };
  }
  const host = createLocalHost(config, log, progressOutput);
  return {
    provider: 'local',
    settings,
    assertAvailable: (userId) => host.assertAvailable(userId),
    waitForModel: (ticket, signal) => host.waitUntilReady(ticket, signal),
    dropQueued: (generationId, reason) => host.limiter.drop(generationId, reason),
    languageModel: () => host.languageModel(),
    promptBudget: () => {
      // The loaded context may be smaller than asked for (the model's own training context): the host
      // keeps the last loaded size while the model is out of memory.
      return {
        maxPromptTokens: Math.floor(host.contextSize * PROMPT_SHARE),
        parallelCalls: config.LOCAL_MODEL_PARALLEL,
        checksPromptLength: true,
      };
    },
    queue: () => ({ running: host.limiter.active, waiting: host.limiter.queued }),
    prepare: () => void host.prepare(),
    status: () => {
      const { state, ...details } = host.status;
      const percent = host.status.state === 'downloading' ? { percent: host.status.percent } : {};
      return {
        summary: { provider: 'local', state, ...percent },
        details: { model: host.name, ...details, active: host.limiter.active, queued: host.limiter.queued },
      };
    },
    describe: () => localAiStatus(host.name, host.status),
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
    idleUnloadMs: config.LOCAL_MODEL_IDLE_MS,
    log,
    progressOutput,
  });
}
