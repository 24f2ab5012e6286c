// The extraction process (ADR 0016): started by document-extractor.ts for one document, it caps its own
// address space, reads the document, sends back the text or the failure, and exits.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { AppError } from '#server/errors';
import type { DocumentFormat } from './document-formats.ts';
import type { DocumentLimits } from './document-limits.ts';
import type { ChildReply, ChildRequest } from './extraction-protocol.ts';
import { installAtOnceDecompression } from './pdf-inflate.ts';
import { loadReaders, readDocument } from './read-document.ts';

/** Virtual memory this process has reserved so far, in bytes (Linux). */
function addressSpace(): number | null {
  try {
    const kb = /VmSize:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Caps this process's address space at what it has reserved once started plus the budget. Node
 * reserves about 1.4 GB of address space before running any code (V8's code range, heap reservations,
 * malloc arenas), most of it never touched, so a fixed `ulimit -v` would be either too tight to start or
 * too loose to matter; measured here, the cap is the budget itself. Allocations past it fail (ArrayBuffer
 * and zlib throw, V8 aborts), so an inflating PDF or a zip bomb stops this process, never the server.
 * On Linux a cap that cannot be set is a refusal to read ('failed'); elsewhere (a developer's macOS)
 * only the heap limit and the time limit apply ('unsupported').
 */
function capAddressSpace(memoryMb: number): 'capped' | 'failed' | 'unsupported' {
  const reserved = addressSpace();
  if (reserved === null) return 'unsupported';
  const limit = String(reserved + memoryMb * 1024 * 1024);
  const result = spawnSync('prlimit', ['--pid', String(process.pid), `--as=${limit}:${limit}`], {
    stdio: 'ignore',
    timeout: 5000,
  });
  return result.status === 0 ? 'capped' : 'failed';
}

const send = (reply: ChildReply) =>
  new Promise<void>((resolve) => {
    if (!process.send) resolve();
    else process.send(reply, () => resolve());
  });

/** What reading one document answers, with this process's figures. */
async function read(job: ChildRequest['job'], limits: DocumentLimits): Promise<ChildReply> {
  const started = performance.now();
  const stats = () => ({ capped, ms: performance.now() - started, maxRssKb: process.resourceUsage().maxRSS });
  try {
    const bytes = job.bytes ?? readFileSync(job.path ?? '');
    const document = await readDocument(
      { bytes, fileName: job.fileName, format: job.format as DocumentFormat },
      limits,
    );
    return { ok: true, document, ...stats() };
  } catch (err) {
    const known = err instanceof AppError;
    return {
      ok: false,
      code: known ? err.code : 'bad_request:file_unreadable',
      message: known ? err.message : '',
      detail: String((err as Error | undefined)?.cause ?? err).slice(0, 500),
      ...stats(),
    };
  }
}

// Listening comes first: the request may arrive while the readers below load.
const request = new Promise<ChildRequest>((resolve) => process.once('message', resolve));
installAtOnceDecompression();
// The readers of the document's format (the server names it when it starts this process), loaded before
// the cap: run from the TypeScript sources, Node strips a module's types with a WebAssembly module, which
// it starts at the first module missing from the compile cache, and the cap refuses its address space.
await loadReaders(process.argv[2] ?? '');
const memoryMb = Number(process.env.EXTRACTION_MEMORY_MB ?? 512);
const cap = capAddressSpace(memoryMb);
const capped = cap === 'capped';

const { job, limits } = await request;
const reply: ChildReply =
  cap === 'failed'
    ? {
        ok: false,
        code: 'unavailable:document_extraction',
        message: 'Documents cannot be read right now. Please try again shortly.',
        detail: 'prlimit (util-linux) could not cap the extraction process',
        capped,
        ms: 0,
        maxRssKb: process.resourceUsage().maxRSS,
      }
    : await read(job, limits);
await send(reply);
process.exit(0);
