import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import type { GenerationLimiter } from '#server/ai/generation-limiter';
import { AppError } from '#server/errors';
import type { DocumentLimits, OcrLimits } from './document-limits.ts';
import { diedOfMemory, type ExtractionProcess, startExtractionProcess } from './extraction-process.ts';
import type { OcrMessage, UnreadableReason } from './extraction-protocol.ts';

export interface ScannedPagesInput {
  bytes: Uint8Array;
  fileName: string;
}

export interface ScannedPagesOptions {
  userId: string;
  /** Aborted (Stop): the OCR process is killed at once and the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** After each page read or given up: pages done of the `total` to be read (at most OCR_MAX_PAGES). */
  onPage?: (progress: { done: number; total: number; page: number }) => void;
}

export interface UnreadablePage {
  page: number;
  reason: UnreadableReason;
}

export interface ScannedPagesResult {
  /** Each page read, as paragraphs (pages that gave no text are listed in `unreadable` instead). */
  texts: Map<number, string>;
  /** Every other page asked for, in page order, with why it was not read. */
  unreadable: UnreadablePage[];
}

/** How reading a document's scanned pages went, for logs and the benchmark. */
export interface OcrStats {
  fileName: string;
  /** Pages asked for, and read. */
  pages: number;
  read: number;
  unreadable: Partial<Record<UnreadableReason, number>>;
  /** 'ok', or why it stopped ('aborted'). */
  outcome: string;
  /** OCR processes started (one, unless a page timed out, ran out of memory, or others took turns). */
  processes: number;
  /** From the call to its end, waiting in line included. */
  ms: number;
  /** Each process's start, from spawning to tesseract ready. */
  startMs: number[];
  /** Each page's time in its process (its images decoded and read). */
  pageMs: number[];
  /** Peak resident memory of the OCR processes that finished their pages. */
  maxRssKb?: number;
}

/** What reading scanned pages shares with the extractor (document-extractor.ts). */
export interface OcrContext {
  line: GenerationLimiter;
  limits: DocumentLimits;
  compileCache: () => string | null;
  /** The running processes, killed when the server closes; then `closed` says so, and no more start. */
  running: Set<ChildProcess>;
  closed: () => boolean;
  onUncapped: (detail: string) => void;
  onFinished?: (stats: OcrStats) => void;
  /** How long an OCR process keeps its place in line before giving it to a waiting document (OCR_TURN_MS). */
  turnMs?: number;
}

/**
 * An OCR process keeps its place in the extractors' line at least this long before it gives it to a
 * document waiting there (then waits for its turn again): long enough that tesseract's start (about half
 * a second) is a small part of the time, short enough that a long scan never holds up everyone's uploads.
 */
export const OCR_TURN_MS = 10_000;

/**
 * Node's flags for an OCR process (ADR 0030): WebAssembly bounds-checked in code rather than by 8 GB of
 * reserved address space per memory, and tesseract's memory capped at OCR_MEMORY_MB (64 KiB pages).
 */
function ocrFlags(ocr: OcrLimits): string[] {
  return ['--disable-wasm-trap-handler', `--wasm-max-mem-pages=${ocr.memoryMb * 16}`];
}

/** One process's run: the pages it left to read, and whether it stopped to give its place. */
interface ProcessRun {
  left: number[];
  yielded: boolean;
}

/** One call of readScannedPages: its pages, what was read, and its figures. */
class ScannedPagesRun {
  private readonly context: OcrContext;
  private readonly ocr: OcrLimits;
  private readonly input: ScannedPagesInput;
  private readonly options: ScannedPagesOptions;
  private readonly texts = new Map<number, string>();
  private readonly unreadable = new Map<number, UnreadableReason>();
  private readonly stats: OcrStats;
  private readonly started = performance.now();
  private done = 0;
  private total = 0;

  constructor(context: OcrContext, ocr: OcrLimits, input: ScannedPagesInput, options: ScannedPagesOptions) {
    this.context = context;
    this.ocr = ocr;
    this.input = input;
    this.options = options;
    this.stats = {
      fileName: input.fileName,
      pages: 0,
      read: 0,
      unreadable: {},
      outcome: 'ok',
      processes: 0,
      ms: 0,
      startMs: [],
      pageMs: [],
    };
  }

  async read(pages: number[]): Promise<ScannedPagesResult> {
    const wanted = [...new Set(pages)].sort((a, b) => a - b);
    const toRead = wanted.slice(0, this.ocr.maxPages);
    for (const page of wanted.slice(this.ocr.maxPages)) this.unreadable.set(page, 'limit');
    this.total = toRead.length;
    this.stats.pages = wanted.length;
    let release: (() => void) | null = null;
    try {
      if (toRead.length > 0)
        release = await this.acquire(this.context.line.acquire(this.ticket, this.options.signal));
      let left = toRead;
      while (left.length > 0) {
        if (this.context.closed()) {
          for (const page of left) this.record(page, { reason: 'failed' });
          break;
        }
        const run: ProcessRun = await this.runProcess(left);
        left = run.left;
        if (run.yielded && left.length > 0) {
          // In line again before giving the place up, so the next turn is fair for this document too.
          const next = this.context.line.acquire(this.ticket, this.options.signal);
          release?.();
          release = null;
          release = await this.acquire(next);
        }
      }
    } catch (err) {
      this.stats.outcome = this.options.signal?.aborted ? 'aborted' : String((err as AppError).code ?? err);
      throw err;
    } finally {
      release?.();
      this.finish();
    }
    return {
      texts: this.texts,
      unreadable: [...this.unreadable]
        .map(([page, reason]) => ({ page, reason }))
        .sort((a, b) => a.page - b.page),
    };
  }

  private get ticket() {
    return { userId: this.options.userId };
  }

  /**
   * A place in the line. A full line (503 for an upload) makes a started OCR wait and ask again each
   * second rather than fail: the generation it serves has begun, and Stop still ends the wait.
   */
  private async acquire(first: Promise<() => void>): Promise<() => void> {
    let attempt = first;
    for (;;) {
      try {
        return await attempt;
      } catch (err) {
        if (
          this.options.signal?.aborted ||
          !(err instanceof AppError) ||
          err.code !== 'unavailable:document_busy'
        )
          throw err;
        await sleep(1000, undefined, { signal: this.options.signal });
        attempt = this.context.line.acquire(this.ticket, this.options.signal);
      }
    }
  }

  /** A page done: its text or why not, and the progress. */
  private record(page: number, outcome: { text: string } | { reason: UnreadableReason }) {
    if ('text' in outcome) this.texts.set(page, outcome.text);
    else this.unreadable.set(page, outcome.reason);
    this.done++;
    this.options.onPage?.({ done: this.done, total: this.total, page });
  }

  /** Whether a process that has had its turn should give its place to a document waiting in line. */
  private shouldYield(processStarted: number): boolean {
    const { line } = this.context;
    return (
      line.queued > 0 &&
      performance.now() - processStarted >= (this.context.turnMs ?? OCR_TURN_MS) &&
      line.admits(this.options.userId)
    );
  }

  /**
   * One OCR process reading `pages` in order, each page's result recorded as it comes. The start has the
   * extraction's time limit, each page OCR_PAGE_TIMEOUT_MS from the one before; past it the process is
   * killed and the page it was on is listed ('timeout'), as is a page it died on ('memory' when it died
   * of memory, else 'failed'); the pages after it are returned to be read by the next process. A process
   * that cannot start lists every page left as 'failed'.
   */
  private async runProcess(pages: number[]): Promise<ProcessRun> {
    const { context, ocr, options } = this;
    const { limits } = context;
    let extraction: ExtractionProcess;
    try {
      extraction = startExtractionProcess('ocr', {
        memoryMb: limits.memoryMb,
        compileCache: context.compileCache(),
        flags: ocrFlags(ocr),
      });
    } catch {
      for (const page of pages) this.record(page, { reason: 'failed' });
      return { left: [], yielded: false };
    }
    const { child } = extraction;
    context.running.add(child);
    this.stats.processes++;
    const spawned = performance.now();
    const reported = new Set<number>();
    let ready = false;
    let finished = false;
    let timedOut = false;
    let stopped: 'yield' | 'abort' | null = null;
    let startFailure: string | null = null;
    const onTimeout = () => {
      timedOut = true;
      extraction.kill();
    };
    let timer = setTimeout(onTimeout, limits.timeoutMs);
    const restartTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(onTimeout, ocr.pageTimeoutMs);
    };
    const stop = (why: 'yield' | 'abort') => {
      stopped = why;
      extraction.kill();
    };
    const onAbort = () => stop('abort');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', (message: OcrMessage) => {
      if (timedOut || stopped) return;
      if (message.kind === 'ready') {
        ready = true;
        if (!message.capped)
          context.onUncapped('this system has no /proc: OCR runs with its time limits only');
        this.stats.startMs.push(performance.now() - spawned);
        restartTimer();
      } else if (message.kind === 'failed') {
        startFailure = message.detail;
        if (!message.capped && /prlimit/.test(message.detail)) context.onUncapped(message.detail);
      } else if (message.kind === 'page') {
        if (!pages.includes(message.page) || reported.has(message.page)) return;
        reported.add(message.page);
        this.stats.pageMs.push(message.ms);
        this.record(
          message.page,
          'text' in message ? { text: message.text } : { reason: message.unreadable },
        );
        restartTimer();
        if (reported.size < pages.length && this.shouldYield(spawned)) stop('yield');
      } else {
        finished = true;
        clearTimeout(timer);
        this.stats.maxRssKb = Math.max(this.stats.maxRssKb ?? 0, message.maxRssKb);
      }
    });
    if (options.signal?.aborted) stop('abort');
    else
      extraction.send({
        kind: 'ocr',
        bytes: this.input.bytes,
        pages,
        languages: ocr.languages,
        ocrMemoryMb: ocr.memoryMb,
      });
    const end = await extraction.ended;
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    context.running.delete(child);
    if (stopped === 'abort') throw options.signal?.reason;
    const left = pages.filter((page) => !reported.has(page));
    if (stopped === 'yield' || finished || left.length === 0) return { left, yielded: stopped === 'yield' };
    if (!ready || startFailure !== null || end.error) {
      for (const page of left) this.record(page, { reason: 'failed' });
      return { left: [], yielded: false };
    }
    const [page, ...rest] = left as [number, ...number[]];
    const killedByClose = context.closed();
    this.record(page, {
      reason: timedOut ? 'timeout' : !killedByClose && diedOfMemory(end) ? 'memory' : 'failed',
    });
    return { left: rest, yielded: false };
  }

  private finish() {
    const { stats } = this;
    stats.ms = performance.now() - this.started;
    stats.read = this.texts.size;
    for (const reason of this.unreadable.values())
      stats.unreadable[reason] = (stats.unreadable[reason] ?? 0) + 1;
    this.context.onFinished?.(stats);
  }
}

/**
 * Reads a PDF's scanned pages by OCR (ADR 0030), in the extraction's isolated, memory-capped processes
 * and its fair line: at most OCR_MAX_PAGES of them, in page order (the rest listed as 'limit'), one
 * process reading them one after the other and reporting each as it is done. A page past
 * OCR_PAGE_TIMEOUT_MS, or one its process died on, is listed and the next page read in a new process.
 * Every page asked for is either in `texts` or listed in `unreadable`, never dropped silently. Rejects
 * only when `signal` is aborted (with its reason, the process killed at once).
 */
export function readScannedPages(
  context: OcrContext,
  input: ScannedPagesInput,
  pages: number[],
  options: ScannedPagesOptions,
): Promise<ScannedPagesResult> {
  const off: OcrLimits = { languages: [], maxPages: 0, pageTimeoutMs: 0, memoryMb: 0 };
  const run = new ScannedPagesRun(context, context.limits.ocr ?? off, input, options);
  return run.read(pages);
}
