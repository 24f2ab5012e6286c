import type { ChildProcess } from 'node:child_process';
import { lstatSync, mkdirSync } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GenerationLimiter } from '#server/ai/generation-limiter';
import { AppError } from '#server/errors';
import { documentErrors, isDocumentErrorCode } from './document-errors.ts';
import {
  claimedFormat,
  DOCUMENT_FORMATS,
  type DocumentFormat,
  signatureMismatch,
} from './document-formats.ts';
import type { DocumentLimits } from './document-limits.ts';
import { diedOfMemory, type ExtractionProcess, startExtractionProcess } from './extraction-process.ts';
import type { ChildReply } from './extraction-protocol.ts';
import type { ExtractedDocument } from './read-document.ts';
import {
  type OcrStats,
  readScannedPages,
  type ScannedPagesInput,
  type ScannedPagesOptions,
  type ScannedPagesResult,
} from './scanned-pages.ts';

/** One uploaded file: its bytes in memory, or the path of a file on disk (read by the extraction process). */
export interface DocumentInput {
  bytes?: Uint8Array;
  path?: string;
  fileName: string;
  /** The type the client declared; used only when the name has no extension. */
  declaredType?: string;
  /**
   * The formats the tool takes (`toolDocumentFormats` of its catalogue entry); the documents by default.
   * Any other is refused with 415 before a process is started.
   */
  formats?: readonly DocumentFormat[];
}

/** How an extraction went, for logs and the benchmark. */
export interface ExtractionStats {
  fileName: string;
  format: DocumentFormat;
  outcome: 'ok' | string;
  /** From spawning the process to its answer (to its end, when it gave none). */
  ms: number;
  /** Of which reading the document, inside the process (when it answered). */
  readMs?: number;
  /** Peak resident memory of the extraction process, when it answered. */
  maxRssKb?: number;
}

export interface DocumentExtractorOptions {
  /**
   * Told once if this system cannot cap an extraction process's memory: on Linux without prlimit
   * (util-linux) every document is then refused with 503; elsewhere only the heap and time limits apply.
   */
  onUncapped?: (detail: string) => void;
  onFinished?: (stats: ExtractionStats) => void;
  /** Told once a document's scanned pages have been read by OCR (or that was stopped). */
  onOcrFinished?: (stats: OcrStats) => void;
  /** How long an OCR process keeps its place in line before giving it to a waiting document (10 s). */
  ocrTurnMs?: number;
}

/**
 * The folder where the extraction processes keep V8's compiled code of their modules (Node's
 * NODE_COMPILE_CACHE), so each starts from compiled code instead of parsing its modules and pdf.js's
 * 1.6 MB again: about 100 ms less per document (ADR 0016). `draftsmith-extraction-cache-<uid>` in the
 * temporary folder, made on first use (mode 0700) and kept across restarts. The code read from it runs
 * in the extraction process and anyone may have made that name first in a shared /tmp, so it is used
 * only if it is a real directory of this user that nobody else can write; otherwise null, and the
 * processes compile from source.
 */
export function privateCompileCache(): string | null {
  const uid = process.getuid?.();
  const dir = join(tmpdir(), `draftsmith-extraction-cache-${uid ?? 'user'}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return null;
  }
  try {
    const info = lstatSync(dir);
    const mine = uid === undefined || info.uid === uid;
    return info.isDirectory() && mine && (info.mode & 0o022) === 0 ? dir : null;
  } catch {
    return null;
  }
}

/**
 * Reads documents in child processes (ADR 0016), never in the server's own: each document gets a fresh
 * Node process with its address space capped (extraction-child.ts) and its JavaScript heap limited,
 * killed past `timeoutMs`. At most `concurrency` run at once; twice as many wait in a line shared fairly
 * between users, and past that a caller gets 503 at once. A process that ends without an answer is a
 * failed extraction, named by what ended it (time, memory, or a crash: the file is unreadable).
 */
export class DocumentExtractor {
  readonly limits: DocumentLimits;
  private readonly line: GenerationLimiter;
  private readonly options: DocumentExtractorOptions;
  private readonly running = new Set<ChildProcess>();
  private warnedUncapped = false;
  private closed = false;
  private compileCache: string | null | undefined;

  constructor(limits: DocumentLimits, options: DocumentExtractorOptions = {}) {
    this.limits = limits;
    this.options = options;
    this.line = new GenerationLimiter(limits.concurrency, 2 * limits.concurrency, documentErrors.busy);
  }

  /** The document's text, or an AppError with one of the codes of document-errors.ts. */
  async extractDocument(input: DocumentInput, caller: { userId?: string } = {}): Promise<ExtractedDocument> {
    const { fileName, formats = DOCUMENT_FORMATS } = input;
    const format = claimedFormat(fileName, input.declaredType, formats);
    if (!format) throw documentErrors.unsupportedType(fileName, formats);
    const head = await this.precheck(input, format);
    const mismatch = signatureMismatch(format, head);
    if (mismatch) throw documentErrors.signatureMismatch(mismatch);

    const release = await this.line.acquire({ userId: caller.userId ?? '' });
    const { answer, ended } = this.run(input, format);
    // The slot is held until the process has ended, not only answered: never more processes than slots.
    void ended.then(release);
    return answer;
  }

  /**
   * Reads a PDF's scanned pages (its `scannedPages`) by OCR, in the same isolated, memory-capped
   * processes and the same fair line as extraction (scanned-pages.ts, ADR 0030): each page's text as
   * paragraphs, or why it could not be read ('limit' past OCR_MAX_PAGES, 'timeout', 'memory', 'image',
   * 'failed', 'no_text'). Rejects only when `options.signal` is aborted, with its reason.
   */
  readScannedPages(
    input: ScannedPagesInput,
    pages: number[],
    options: ScannedPagesOptions,
  ): Promise<ScannedPagesResult> {
    return readScannedPages(
      {
        line: this.line,
        limits: this.limits,
        compileCache: () => this.compileCacheDir(),
        running: this.running,
        closed: () => this.closed,
        onUncapped: (detail) => this.warnUncapped(detail),
        onFinished: this.options.onOcrFinished,
        turnMs: this.options.ocrTurnMs,
      },
      input,
      pages,
      options,
    );
  }

  /** Kills every running extraction (server shutdown); OCR under way lists its pages left as 'failed'. */
  close() {
    this.closed = true;
    for (const child of this.running) child.kill('SIGKILL');
  }

  private compileCacheDir(): string | null {
    if (this.compileCache === undefined) this.compileCache = privateCompileCache();
    return this.compileCache;
  }

  /** Size checks before a process is spent on the file; returns its first bytes for the signature. */
  private async precheck(input: DocumentInput, format: DocumentFormat): Promise<Uint8Array> {
    const { fileName } = input;
    if (input.bytes) {
      if (input.bytes.byteLength === 0) throw documentErrors.empty(fileName);
      if (input.bytes.byteLength > this.limits.maxBytes)
        throw documentErrors.tooLarge(fileName, this.limits.maxBytes);
      return input.bytes.subarray(0, 1024);
    }
    if (!input.path) throw new AppError('internal:document_input', 'No document was given.');
    const info = await stat(input.path).catch((cause) => {
      throw documentErrors.unreadable(fileName, format, cause);
    });
    if (info.size === 0) throw documentErrors.empty(fileName);
    if (info.size > this.limits.maxBytes) throw documentErrors.tooLarge(fileName, this.limits.maxBytes);
    const file = await open(input.path, 'r');
    try {
      const head = Buffer.alloc(Math.min(1024, info.size));
      await file.read(head, 0, head.length, 0);
      return head;
    } finally {
      await file.close();
    }
  }

  /**
   * Starts the process for one document. `answer` settles as soon as the process answers (it then only
   * exits), or when it ends without an answer; `ended` resolves once the process has ended, whatever
   * happened.
   */
  private run(
    input: DocumentInput,
    format: DocumentFormat,
  ): { answer: Promise<ExtractedDocument>; ended: Promise<void> } {
    const { limits } = this;
    const started = performance.now();
    let extraction: ExtractionProcess;
    try {
      extraction = startExtractionProcess(format, {
        memoryMb: limits.memoryMb,
        compileCache: this.compileCacheDir(),
      });
    } catch (err) {
      return { answer: Promise.reject(documentErrors.extractionUnavailable(err)), ended: Promise.resolve() };
    }
    const { child } = extraction;
    this.running.add(child);
    const finished = (outcome: string, reply?: ChildReply) =>
      this.options.onFinished?.({
        fileName: input.fileName,
        format,
        outcome,
        ms: performance.now() - started,
        readMs: reply?.ms,
        maxRssKb: reply?.maxRssKb,
      });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      extraction.kill();
    }, limits.timeoutMs);
    const ended = extraction.ended.then((end) => {
      clearTimeout(timer);
      this.running.delete(child);
      return end;
    });
    const answer = new Promise<ExtractedDocument>((resolve, reject) => {
      let answered = false;
      child.on('message', (reply: ChildReply) => {
        if (answered || timedOut) return;
        answered = true;
        this.warnIfUncapped(reply);
        finished(reply.ok ? 'ok' : reply.code, reply);
        if (reply.ok) resolve(reply.document);
        else if (isDocumentErrorCode(reply.code)) reject(new AppError(reply.code, reply.message));
        else reject(documentErrors.unreadable(input.fileName, format, reply.detail));
      });
      void ended.then((end) => {
        if (answered) return;
        answered = true;
        if (end.error) {
          reject(documentErrors.extractionUnavailable(end.error));
          return;
        }
        const failure = timedOut
          ? documentErrors.timeLimit(input.fileName, limits.timeoutMs)
          : diedOfMemory(end)
            ? documentErrors.memoryLimit(input.fileName, limits.memoryMb)
            : documentErrors.unreadable(
                input.fileName,
                format,
                `exit ${end.code ?? end.signal}: ${end.stderr.slice(-500)}`,
              );
        finished(failure.code);
        reject(failure);
      });
      extraction.send({
        kind: 'extract',
        job: {
          ...(input.bytes ? { bytes: input.bytes } : { path: input.path }),
          fileName: input.fileName,
          format,
        },
        limits,
      });
    });
    return { answer, ended: ended.then(() => {}) };
  }

  /** Says once, through `onUncapped`, that this system could not cap an extraction's memory. */
  private warnIfUncapped(reply: ChildReply) {
    if (reply.capped) return;
    this.warnUncapped(
      reply.ok
        ? 'this system has no /proc: extraction runs with its heap and time limits only'
        : reply.detail,
    );
  }

  private warnUncapped(detail: string) {
    if (this.warnedUncapped) return;
    this.warnedUncapped = true;
    this.options.onUncapped?.(detail);
  }
}
