// The extraction process (ADR 0016): started by extraction-pool.ts for one document, it caps its own
// address space, reads the document, sends back the text or the failure, and exits.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { AppError } from '#server/errors';
import type { DocumentFormat } from './document-formats.ts';
import type { DocumentLimits } from './document-limits.ts';
import type { ChildReply, ChildRequest } from './extraction-protocol.ts';
import { readDocument } from './read-document.ts';

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

const memoryMb = Number(process.env.EXTRACTION_MEMORY_MB ?? 512);
const cap = capAddressSpace(memoryMb);
const capped = cap === 'capped';

process.once('message', async (message: ChildRequest) => {
  const started = performance.now();
  const { job, limits } = message as { job: ChildRequest['job']; limits: DocumentLimits };
  let reply: ChildReply;
  if (cap === 'failed') {
    await send({
      ok: false,
      code: 'unavailable:document_extraction',
      message: 'Documents cannot be read right now. Please try again shortly.',
      detail: 'prlimit (util-linux) could not cap the extraction process',
      capped,
      ms: 0,
      maxRssKb: process.resourceUsage().maxRSS,
    });
    process.exit(0);
  }
  try {
    const bytes = job.bytes ?? readFileSync(job.path ?? '');
    const document = await readDocument(
      { bytes, fileName: job.fileName, format: job.format as DocumentFormat },
      limits,
    );
    reply = {
      ok: true,
      document,
      capped,
      ms: performance.now() - started,
      maxRssKb: process.resourceUsage().maxRSS,
    };
  } catch (err) {
    const known = err instanceof AppError;
    reply = {
      ok: false,
      code: known ? err.code : 'bad_request:file_unreadable',
      message: known ? err.message : '',
      detail: String((err as Error | undefined)?.cause ?? err).slice(0, 500),
      capped,
      ms: performance.now() - started,
      maxRssKb: process.resourceUsage().maxRSS,
    };
  }
  await send(reply);
  process.exit(0);
});
