import { access } from 'node:fs/promises';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import { busyError, GenerationLimiter, type QueueTicket } from '#server/ai/generation-limiter';
import { AppError } from '#server/errors';
import { redactForDisplay } from '#server/redact-for-display';
import { createProgressBar, type ProgressOutput } from './download-progress.ts';
import { DownloadError, downloadModel } from './model-download.ts';
import type { ModelSource } from './model-source.ts';
import { downloadRetryDelayMs } from './retry-schedule.ts';

/**
 * How a failure is tried again: `automatic` (a download that stopped: network, server error, full disk),
 * on a timer and on the next tool request; `on-request` (needs the administrator: refused download,
 * wrong size or checksum, missing or unloadable file), on a tool request at most once a minute; `never`
 * (LOCAL_MODEL not understood: only a restart with another value helps).
 */
export type ModelRetry = 'automatic' | 'on-request' | 'never';

export type LocalModelStatus =
  | { state: 'idle' }
  | { state: 'downloading'; percent: number | null; receivedBytes: number; totalBytes: number | null }
  | { state: 'loading' }
  | { state: 'ready'; contextSize: number; threads: number; sequences: number }
  /** `reason` is redacted for display (no credentials, queries or directories); `retryAt` in epoch ms. */
  | { state: 'failed'; reason: string; retry: ModelRetry; retryAt: number | null };

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
  /** The wait before the next attempt after `failures` failed ones in a row (tests shorten it). */
  retryDelayMs?: (failures: number) => number;
}

/** A failure that needs the administrator is tried again by a tool request at most this often. */
const ON_REQUEST_RETRY_GAP_MS = 60_000;

export const CONFIGURE_HINT =
  'Configure a provider: set AI_PROVIDER and its API key (e.g. OPENAI_API_KEY), AI_BASE_URL and AI_MODEL for an OpenAI-compatible server such as Ollama, or LOCAL_MODEL to a GGUF file.';

/**
 * The in-process model: downloaded (when needed) and loaded in the background, never blocking startup.
 * Its line (the limiter) stays closed until the model is ready: tool requests made meanwhile wait in it
 * (bounded by AI_QUEUE_LIMIT, fair between users) and start once it opens, or get the 503 of a failure.
 * A failed download is tried again with backoff (retry-schedule.ts) and by the next tool request, and
 * resumes where it stopped.
 */
export class LocalModelHost {
  status: LocalModelStatus = { state: 'idle' };
  readonly limiter: GenerationLimiter;
  private readonly options: LocalModelHostOptions;
  private preparing: Promise<void> | undefined;
  private model: LanguageModelV3 | undefined;
  /** Failed attempts in a row, for the backoff. */
  private failures = 0;
  private failedAt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private dispose: (() => Promise<void>) | undefined;
  private readonly shutdown = new AbortController();

  constructor(options: LocalModelHostOptions) {
    this.options = options;
    this.limiter = new GenerationLimiter(options.parallel, options.queueLimit, () => this.lineFullError(), {
      closed: true,
    });
  }

  get name(): string {
    return this.options.source instanceof Error ? 'unknown' : this.options.source.name;
  }

  /** Starts download and load in the background (idempotent); resolves when ready or failed. */
  prepare(): Promise<void> {
    this.preparing ??= this.run();
    return this.preparing;
  }

  /**
   * Admits a tool request or throws its 503: after a failure it starts another attempt when that may be
   * tried now (the request then waits for it), else answers with the reason; while the model is on its
   * way, the request may wait if the line has room for this user.
   */
  assertAvailable(userId: string): void {
    if (this.status.state === 'failed' && !this.retryOnRequest()) throw this.unavailableError();
    if (this.status.state === 'idle') void this.prepare();
    if (!this.limiter.admits(userId)) throw this.lineFullError();
  }

  /**
   * Resolves once the model is ready, waiting in its line meanwhile. Rejects with the failure's 503 when
   * preparation fails, the busy 503 when displaced by a fairer share, or the signal's reason.
   */
  waitUntilReady(ticket: QueueTicket, signal?: AbortSignal): Promise<void> {
    if (this.model) return Promise.resolve();
    if (this.status.state === 'failed') return Promise.reject(this.unavailableError());
    if (this.status.state === 'idle') void this.prepare();
    return this.limiter.whenOpen(ticket, signal);
  }

  /** The ready model, or a 503 saying why there is none yet. */
  languageModel(): LanguageModelV3 {
    if (this.model) return this.model;
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
    clearTimeout(this.retryTimer);
    this.shutdown.abort(new Error('server shutting down'));
    await this.preparing?.catch(() => {});
    await this.dispose?.();
  }

  /** No place in line: while the model is on its way, say what it is doing; once ready, it is busy. */
  private lineFullError(): AppError {
    return this.model ? busyError() : this.unavailableError();
  }

  /** A tool request after a failure: starts another attempt now if this failure allows it. */
  private retryOnRequest(): boolean {
    const { status } = this;
    if (status.state !== 'failed' || status.retry === 'never') return false;
    if (status.retry === 'on-request' && Date.now() - this.failedAt < ON_REQUEST_RETRY_GAP_MS) return false;
    this.retry();
    return true;
  }

  private retry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.shutdown.signal.aborted) return;
    this.preparing = undefined;
    this.status = { state: 'idle' };
    void this.prepare();
  }

  private async run(): Promise<void> {
    const { source, log } = this.options;
    let loading = false;
    try {
      if (source instanceof Error) throw source;
      if (source.kind === 'download') await this.download(source);
      else
        await access(source.path).catch(() => {
          throw new Error(`LOCAL_MODEL file not found: ${source.path}`);
        });
      loading = true;
      this.status = { state: 'loading' };
      await this.load(source.path);
      this.failures = 0;
      this.limiter.open();
      log.info({ model: source.name, ...this.status }, 'local AI model ready');
    } catch (err) {
      const reason = describeFailure(err, source);
      const retry: ModelRetry =
        source instanceof Error
          ? 'never'
          : source.kind === 'download' && !loading && !(err instanceof DownloadError)
            ? 'automatic'
            : 'on-request';
      this.failures++;
      this.failedAt = Date.now();
      const stopping = this.shutdown.signal.aborted;
      const delay =
        retry === 'automatic' && !stopping
          ? (this.options.retryDelayMs ?? downloadRetryDelayMs)(this.failures)
          : null;
      // The status reaches health and the 503s: redacted here, once; the full reason goes to the log only.
      this.status = {
        state: 'failed',
        reason: redactForDisplay(reason),
        retry,
        retryAt: delay === null ? null : this.failedAt + delay,
      };
      if (delay !== null) {
        this.retryTimer = setTimeout(() => this.retry(), delay);
        this.retryTimer.unref(); // a pending retry never keeps the process alive
      }
      this.limiter.failWaiting(() => this.unavailableError());
      if (!stopping) {
        const next = delay === null ? '' : ` (trying again in ${Math.round(delay / 1000)} s)`;
        log.warn({ err }, `local AI model unavailable: ${reason}${next}`);
      }
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
  if (message.startsWith('model download failed:')) return message; // names the address and the HTTP status
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const detail = cause?.code ?? cause?.message ?? message;
  return `the model could not be downloaded from ${new URL(source.url).host} (${detail})`;
}
