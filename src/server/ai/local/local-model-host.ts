import { access } from 'node:fs/promises';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import { GenerationLimiter } from '#server/ai/generation-limiter';
import { AppError } from '#server/errors';
import { redactForDisplay } from '#server/redact-for-display';
import { createProgressBar, type ProgressOutput } from './download-progress.ts';
import { DownloadError, downloadModel } from './model-download.ts';
import type { ModelSource } from './model-source.ts';

export type LocalModelStatus =
  | { state: 'idle' }
  | { state: 'downloading'; percent: number | null; receivedBytes: number; totalBytes: number | null }
  | { state: 'loading' }
  | { state: 'ready'; contextSize: number; threads: number; sequences: number }
  /** `reason` is redacted for display (no credentials, queries or directories). */
  | { state: 'failed'; reason: string };

export interface LocalModelHostOptions {
  /** Where the model comes from, or why LOCAL_MODEL could not be understood. */
  source: ModelSource | Error;
  threads: number;
  contextSize: number;
  parallel: number;
  queueLimit: number;
  log: FastifyBaseLogger;
  /** Terminal for the download progress bar; null for none (tests). */
  progressOutput: ProgressOutput | null;
  downloadRetryDelayMs?: number;
}

/** A failed preparation is tried again on a later request after this long (network may be back). */
const RETRY_FAILED_AFTER_MS = 60_000;

export const CONFIGURE_HINT =
  'Configure a provider: set AI_PROVIDER and its API key (e.g. OPENAI_API_KEY), AI_BASE_URL and AI_MODEL for an OpenAI-compatible server such as Ollama, or LOCAL_MODEL to a GGUF file.';

/**
 * The in-process model: downloaded (when needed) and loaded in the background, never blocking startup.
 * Until it is ready, `languageModel()` answers with a 503 that says what is happening.
 */
export class LocalModelHost {
  status: LocalModelStatus = { state: 'idle' };
  readonly limiter: GenerationLimiter;
  private readonly options: LocalModelHostOptions;
  private preparing: Promise<void> | undefined;
  private model: LanguageModelV3 | undefined;
  private failedAt = 0;
  private permanentFailure = false;
  private dispose: (() => Promise<void>) | undefined;
  private readonly shutdown = new AbortController();

  constructor(options: LocalModelHostOptions) {
    this.options = options;
    this.limiter = new GenerationLimiter(options.parallel, options.queueLimit);
  }

  get name(): string {
    return this.options.source instanceof Error ? 'unknown' : this.options.source.name;
  }

  /** Starts download and load in the background (idempotent); resolves when ready or failed. */
  prepare(): Promise<void> {
    this.preparing ??= this.run();
    return this.preparing;
  }

  /** The ready model, or a 503 saying why there is none yet (and starting preparation if idle). */
  languageModel(): LanguageModelV3 {
    if (this.model) return this.model;
    const { status } = this;
    if (
      status.state === 'failed' &&
      !this.permanentFailure &&
      Date.now() - this.failedAt > RETRY_FAILED_AFTER_MS
    ) {
      this.preparing = undefined;
      this.status = { state: 'idle' };
    }
    if (this.status.state === 'idle') void this.prepare();
    throw this.unavailableError();
  }

  unavailableError(): AppError {
    const { status } = this;
    if (status.state === 'downloading') {
      const percent = status.percent === null ? '' : ` (${status.percent} %)`;
      return new AppError('unavailable:model_downloading', `AI model is downloading${percent}`, {
        headers: { 'retry-after': '30' },
      });
    }
    if (status.state === 'failed') {
      return new AppError(
        'unavailable:model_missing',
        `No AI model is available: ${status.reason}. ${CONFIGURE_HINT}`,
      );
    }
    return new AppError('unavailable:model_loading', 'AI model is loading, please try again in a moment.', {
      headers: { 'retry-after': '5' },
    });
  }

  async close(): Promise<void> {
    this.shutdown.abort(new Error('server shutting down'));
    await this.preparing?.catch(() => {});
    await this.dispose?.();
  }

  private async run(): Promise<void> {
    const { source, log } = this.options;
    try {
      if (source instanceof Error) throw Object.assign(source, { permanent: true });
      if (source.kind === 'download') await this.download(source);
      else
        await access(source.path).catch(() => {
          throw Object.assign(new Error(`LOCAL_MODEL file not found: ${source.path}`), { permanent: true });
        });
      this.status = { state: 'loading' };
      await this.load(source.path);
      log.info({ model: source.name, ...this.status }, 'local AI model ready');
    } catch (err) {
      const reason = describeFailure(err, source);
      this.permanentFailure =
        err instanceof DownloadError || (err as { permanent?: boolean }).permanent === true;
      this.failedAt = Date.now();
      // The status reaches health and the 503s: redacted here, once; the full reason goes to the log only.
      this.status = { state: 'failed', reason: redactForDisplay(reason) };
      if (!this.shutdown.signal.aborted) log.warn({ err }, `local AI model unavailable: ${reason}`);
    }
  }

  private async download(source: Extract<ModelSource, { kind: 'download' }>): Promise<void> {
    const bar = this.options.progressOutput
      ? createProgressBar(source.name, this.options.progressOutput)
      : null;
    this.status = {
      state: 'downloading',
      percent: null,
      receivedBytes: 0,
      totalBytes: source.sizeBytes ?? null,
    };
    await downloadModel({
      url: source.url,
      path: source.path,
      sizeBytes: source.sizeBytes,
      sha256: source.sha256,
      signal: this.shutdown.signal,
      retryDelayMs: this.options.downloadRetryDelayMs,
      onProgress: (progress) => {
        const { receivedBytes, totalBytes } = progress;
        const percent = totalBytes ? Math.min(99, Math.floor((receivedBytes / totalBytes) * 100)) : null;
        this.status = { state: 'downloading', percent, receivedBytes, totalBytes };
        bar?.update(progress);
      },
    });
    bar?.done();
  }

  private async load(path: string): Promise<void> {
    const { threads, contextSize, parallel } = this.options;
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
    const { LlamaLanguageModel } = await import('./llama-language-model.ts');
    const llama = await getLlama({ build: 'never', maxThreads: threads, logLevel: LlamaLogLevel.error });
    const model = await llama.loadModel({ modelPath: path });
    const context = await model.createContext({
      sequences: parallel,
      contextSize: { max: contextSize },
      threads,
    });
    this.dispose = async () => {
      await context.dispose();
      await model.dispose();
      await llama.dispose();
    };
    if (this.shutdown.signal.aborted) throw new Error('server shutting down');
    this.model = new LlamaLanguageModel(this.name, context, this.limiter);
    this.status = { state: 'ready', contextSize: context.contextSize, threads, sequences: parallel };
  }
}

/** A one-line reason for the failed state: the download host and the network cause when there is one. */
function describeFailure(err: unknown, source: ModelSource | Error): string {
  const message = err instanceof Error ? err.message : String(err);
  if (source instanceof Error || source.kind !== 'download' || err instanceof DownloadError) return message;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? message;
  return `the model could not be downloaded from ${new URL(source.url).host} (${detail})`;
}
