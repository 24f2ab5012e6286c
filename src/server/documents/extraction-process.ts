import { type ChildProcess, spawn } from 'node:child_process';
import type { ChildRequest } from './extraction-protocol.ts';

// The extraction process runs the same kind of file as this one: .ts from the sources, .js once built.
const CHILD_PATH = new URL(
  `./extraction-child${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
);

/** What the process wrote to stderr when it failed: V8's and the allocator's out-of-memory reports. */
const OUT_OF_MEMORY =
  /heap limit|out of memory|allocation failed|Cannot allocate memory|ENOMEM|std::bad_alloc/i;

/** How an extraction process ended. */
export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The process could not be started (or signalled). */
  error?: Error;
  /** The end of what it wrote to stderr. */
  stderr: string;
}

/** One running extraction process. */
export interface ExtractionProcess {
  child: ChildProcess;
  /** Resolves once the process has ended, whatever happened; never rejects. */
  ended: Promise<ProcessEnd>;
  /** Sends it its job; a job that cannot be sent kills it. */
  send(request: ChildRequest): void;
  kill(): void;
}

export interface ProcessSettings {
  /** The budget of its address-space cap and JavaScript heap, in MB. */
  memoryMb: number;
  /** V8's compiled-code cache folder, or null (document-extractor.ts `privateCompileCache`). */
  compileCache: string | null;
  /** More Node flags (the OCR process's WebAssembly settings). */
  flags?: string[];
}

/**
 * Starts an extraction process (ADR 0016) for `kind`, a document format or 'ocr': a fresh Node process
 * with its JavaScript heap limited and no code generated from strings, which caps its own address space
 * (extraction-child.ts). Only what it needs reaches its environment: no secret of the server's reaches
 * a document reader. Throws when the process cannot be started at all.
 */
export function startExtractionProcess(kind: string, settings: ProcessSettings): ExtractionProcess {
  const child = spawn(
    process.execPath,
    [
      `--max-old-space-size=${settings.memoryMb}`,
      '--disallow-code-generation-from-strings',
      ...(settings.flags ?? []),
      CHILD_PATH.pathname,
      kind, // so the process loads the readers of this format, and only those
    ],
    {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        EXTRACTION_MEMORY_MB: String(settings.memoryMb),
        // Fewer malloc arenas: less address space reserved per thread, more of the cap left for work.
        MALLOC_ARENA_MAX: '2',
        ...(settings.compileCache ? { NODE_COMPILE_CACHE: settings.compileCache } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    },
  );
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const ended = new Promise<ProcessEnd>((resolve) => {
    child.once('error', (error) => resolve({ code: null, signal: null, error, stderr }));
    child.once('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
  return {
    child,
    ended,
    send(request) {
      child.send(request, (err) => {
        if (err) child.kill('SIGKILL');
      });
    },
    kill() {
      child.kill('SIGKILL');
    },
  };
}

/**
 * Whether a process that ended without an answer died of memory: V8's or the allocator's report on
 * stderr, SIGABRT (V8's own abort), or a SIGKILL it was not sent by the server (the kernel's).
 */
export function diedOfMemory(end: ProcessEnd): boolean {
  return (
    OUT_OF_MEMORY.test(end.stderr) || end.signal === 'SIGKILL' || end.signal === 'SIGABRT' || end.code === 134
  );
}
