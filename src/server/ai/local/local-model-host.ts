import { access } from 'node:fs/promises';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyBaseLogger } from 'fastify';
import type { LlamaContext } from 'node-llama-cpp';
import { busyError, GenerationLimiter, type QueueTicket } from '#server/ai/generation-limiter';
import type { AppError } from '#server/errors';
import { redactForDisplay } from '#server/redact-for-display';
import type { ProgressOutput } from './download-progress.ts';
import { downloadWithStatus } from './download-with-status.ts';
import { type IdleCountdownEvent, IdleTimer, idleDuration } from './idle-timer.ts';
import type { LlamaContextSource } from './llama-language-model.ts';
import { LlamaLoader, type LoadedModel } from './llama-loader.ts';
import {
  describeFailure,
  type LocalModelStatus,
  type ModelRetry,
  modelUnavailableError,
} from './local-model-status.ts';
import { DownloadError } from './model-download.ts';
import type { ModelSource } from './model-source.ts';
import { downloadRetryDelayMs } from './retry-schedule.ts';

export interface LocalModelHostOptions {
  /** Where the model comes from, or why LOCAL_MODEL could not be understood. */
  source: ModelSource | Error;
  threads: number;
  contextSize: number;
  parallel: number;
  queueLimit: number;
  /** The model leaves memory after this long with nothing running or waiting on it; 0 or unset: never. */
  idleUnloadMs?: number;
  /** Sees each idle countdown begin, and end once the unload it triggers has begun (tests). */
  observeIdleCountdown?: (event: IdleCountdownEvent) => void;
  log: FastifyBaseLogger;
  /** Terminal for the download progress bar; null for none (tests). */
  progressOutput: ProgressOutput | null;
  downloadRetryDelayMs?: number;
  /** The wait before the next attempt after `failures` failed ones in a row (tests shorten it). */
  retryDelayMs?: (failures: number) => number;
}

/** A failure that needs the administrator is tried again by a tool request at most this often. */
const ON_REQUEST_RETRY_GAP_MS = 60_000;

/**
 * The in-process model. Downloaded (when needed) and verified in the background, never blocking
 * startup, then `unloaded`: it is loaded into memory by the first tool request and leaves it again after
 * `idleUnloadMs` with nothing running or waiting on it, so a server pays for the model only while it is
 * used. Its line (the limiter) is open exactly while the model is in memory: tool requests made while
 * it is on its way wait in it (bounded by AI_QUEUE_LIMIT, fair between users) and start once it opens,
 * or get the 503 of a failure. A failed download is tried again with backoff (retry-schedule.ts) and by
 * the next tool request, and resumes where it stopped.
 */
export class LocalModelHost implements LlamaContextSource {
  status: LocalModelStatus = { state: 'idle' };
  readonly limiter: GenerationLimiter;
  private readonly options: LocalModelHostOptions;
  private readonly loader: LlamaLoader;
  private readonly idleTimer: IdleTimer;
  private preparing: Promise<void> | undefined;
  /** The verified file, once preparation succeeded. */
  private modelPath: string | undefined;
  private loading: Promise<void> | undefined;
  private unloading: Promise<void> | undefined;
  private loaded: LoadedModel | undefined;
  /** Made on the first load and kept: it finds the context through this host (`loadedContext`). */
  private model: LanguageModelV3 | undefined;
  private lastContextSize: number | undefined;
  /** Failed attempts in a row, for the backoff. */
  private failures = 0;
  private failedAt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly shutdown = new AbortController();

  constructor(options: LocalModelHostOptions) {
    this.options = options;
    this.limiter = new GenerationLimiter(options.parallel, options.queueLimit, () => this.lineFullError(), {
      closed: true,
      onIdle: () => this.idleTimer.restart(),
    });
    this.loader = new LlamaLoader(options);
    this.idleTimer = new IdleTimer(
      options.idleUnloadMs ?? 0,
      () => void this.unloadIfIdle(),
      options.observeIdleCountdown,
    );
  }

  get name(): string {
    return this.options.source instanceof Error ? 'unknown' : this.options.source.name;
  }

  /**
   * The context size prompts are measured against: the last loaded one (kept while unloaded), else the
   * configured one.
   */
  get contextSize(): number {
    return this.lastContextSize ?? this.options.contextSize;
  }

  /**
   * Starts the download (when needed) and the file check in the background (idempotent); resolves when done
   * or failed.
   */
  prepare(): Promise<void> {
    this.preparing ??= this.run();
    return this.preparing;
  }

  /**
   * Admits a tool request or throws its 503: after a failure it starts another attempt when that may be
   * tried now (the request then waits for it), else answers with the reason; while the model is on its
   * way or out of memory, the request may wait if the line has room for this user. It loads nothing: a
   * request may still be refused (plan, in-flight cap); its generation loads the model (`waitUntilReady`).
   */
  assertAvailable(userId: string): void {
    if (this.status.state === 'failed' && !this.retryOnRequest()) throw this.unavailableError();
    if (this.status.state === 'idle') void this.prepare();
    if (!this.limiter.admits(userId)) throw this.lineFullError();
  }

  /**
   * Resolves once the model is ready, waiting in its line meanwhile (loading it when it is out of
   * memory). Rejects with the failure's 503 when preparation or loading fails, the busy 503 when
   * displaced by a fairer share, or the signal's reason.
   */
  waitUntilReady(ticket: QueueTicket, signal?: AbortSignal): Promise<void> {
    if (this.status.state === 'failed') return Promise.reject(this.unavailableError());
    this.wake();
    return this.limiter.whenOpen(ticket, signal);
  }

  /**
   * The model to stream from (it loads itself again when a call finds it out of memory), or a 503 saying why
   * there is none.
   */
  languageModel(): LanguageModelV3 {
    if (this.model && this.status.state !== 'failed') return this.model;
    throw this.unavailableError();
  }

  /** A use of the model: keeps it in memory a while longer, or starts bringing it there. */
  wake(): void {
    switch (this.status.state) {
      case 'failed':
        throw this.unavailableError();
      case 'idle':
        void this.prepare();
        return;
      case 'unloaded':
        void this.load();
        return;
      case 'ready':
        this.idleTimer.restart();
        return;
      // downloading, loading: the call waits in the line until the model is ready
    }
  }

  loadedContext(): LlamaContext | undefined {
    return this.loaded?.context;
  }

  unavailableError(): AppError {
    return modelUnavailableError(this.status);
  }

  async close(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.idleTimer.stop();
    this.shutdown.abort(new Error('server shutting down'));
    await this.preparing?.catch(() => {});
    await this.loading;
    await this.unloading;
    const loaded = this.loaded;
    this.loaded = undefined;
    await loaded?.dispose();
    await this.loader.close();
  }

  /** No place in line: while the model is on its way, say what it is doing; once ready, it is busy. */
  private lineFullError(): AppError {
    return this.status.state === 'ready' ? busyError() : this.unavailableError();
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

  /** Download (when needed) and check the file; a request already waiting then has it loaded. */
  private async run(): Promise<void> {
    const { source } = this.options;
    try {
      if (source instanceof Error) throw source;
      if (source.kind === 'download')
        await downloadWithStatus(source, {
          progressOutput: this.options.progressOutput,
          signal: this.shutdown.signal,
          retryDelayMs: this.options.downloadRetryDelayMs,
          onStatus: (status) => {
            this.status = status;
          },
        });
      else
        await access(source.path).catch(() => {
          throw new Error(`LOCAL_MODEL file not found: ${source.path}`);
        });
      this.modelPath = source.path;
      this.status = { state: 'unloaded' };
      if (this.limiter.queued > 0) void this.load();
    } catch (err) {
      const retry: ModelRetry =
        source instanceof Error
          ? 'never'
          : source.kind === 'download' && !(err instanceof DownloadError)
            ? 'automatic'
            : 'on-request';
      this.fail(err, describeFailure(err, source), retry);
    }
  }

  /**
   * Loads the model into memory (once at a time) and opens its line; a failure turns the waiting ones away.
   */
  private load(): Promise<void> {
    this.loading ??= this.loadIntoMemory().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async loadIntoMemory(): Promise<void> {
    const { threads, parallel, log } = this.options;
    this.status = { state: 'loading' };
    try {
      await this.unloading; // an unload under way finishes first
      if (!this.model) {
        const { LlamaLanguageModel } = await import('./llama-language-model.ts');
        this.model = new LlamaLanguageModel(this.name, this);
      }
      if (this.shutdown.signal.aborted) throw new Error('server shutting down');
      const loaded = await this.loader.load(this.modelPath as string);
      if (this.shutdown.signal.aborted) {
        await loaded.dispose();
        throw new Error('server shutting down');
      }
      this.loaded = loaded;
      const { contextSize } = loaded.context;
      this.lastContextSize = contextSize;
      this.status = { state: 'ready', contextSize, threads, sequences: parallel };
      this.failures = 0;
      this.limiter.open();
      this.idleTimer.restart();
      log.info({ model: this.name, ...this.status }, 'local AI model ready');
    } catch (err) {
      this.fail(err, err instanceof Error ? err.message : String(err), 'on-request');
    }
  }

  /**
   * After the idle time: frees the model unless something runs or waits on it. The line closes first,
   * so a request arriving meanwhile waits, and its wake loads the model again once the unload finished.
   */
  private async unloadIfIdle(): Promise<void> {
    const { loaded } = this;
    if (this.status.state !== 'ready' || !loaded || this.limiter.active + this.limiter.queued > 0) return;
    this.limiter.close();
    this.loaded = undefined;
    this.status = { state: 'unloaded' };
    const unloading = loaded.dispose().then(
      () =>
        this.options.log.info(
          `local AI model unloaded after ${idleDuration(this.options.idleUnloadMs ?? 0)} idle`,
        ),
      (err: unknown) => this.options.log.warn({ err }, 'local AI model: freeing its memory failed'),
    );
    this.unloading = unloading;
    await unloading;
    if (this.unloading === unloading) this.unloading = undefined;
  }

  /**
   * Records a failure (preparing or loading), schedules an automatic retry if it is one, turns the waiting
   * away.
   */
  private fail(err: unknown, reason: string, retry: ModelRetry): void {
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
      this.options.log.warn({ err }, `local AI model unavailable: ${reason}${next}`);
    }
  }
}
