// The extraction process (ADR 0016): started by document-extractor.ts for one document, it caps its own
// address space, reads the document, sends back the text or the failure, and exits. Started for 'ocr'
// (ADR 0030), it reads a PDF's scanned pages instead, one message a page (ocr-process.ts).
import { readFileSync } from 'node:fs';
import { AppError } from '#server/errors';
import { capAddressSpace } from './address-space.ts';
import type { DocumentFormat } from './document-formats.ts';
import type { ChildReply, ChildRequest, ExtractionRequest, OcrMessage } from './extraction-protocol.ts';
import { installAtOnceDecompression } from './pdf-inflate.ts';
import { loadReaders, readDocument } from './read-document.ts';

const send = (message: ChildReply | OcrMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) resolve();
    else process.send(message, () => resolve());
  });

/** What reading one document answers, with this process's figures. */
async function read(request: ExtractionRequest, capped: boolean): Promise<ChildReply> {
  const { job, limits } = request;
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
// The server is gone (it crashed, or was killed without closing its extractions): nobody waits for
// this document any more, and nobody would stop an OCR run of many pages. Ends at once.
process.once('disconnect', () => process.exit(1));
installAtOnceDecompression();
const kind = process.argv[2] ?? '';
const memoryMb = Number(process.env.EXTRACTION_MEMORY_MB ?? 512);
// The readers this process needs (the server names the format, or 'ocr', when it starts it), loaded
// before the cap: run from the TypeScript sources, Node strips a module's types with a WebAssembly
// module, which it starts at the first module missing from the compile cache, and the cap refuses its
// address space.
if (kind === 'ocr') {
  const { runOcrJob } = await import('./ocr-process.ts');
  const job = await request;
  if (job.kind === 'ocr') await runOcrJob(job, memoryMb, send);
} else {
  await loadReaders(kind);
  const cap = capAddressSpace(memoryMb);
  const job = await request;
  const reply: ChildReply =
    cap === 'failed' || job.kind !== 'extract'
      ? {
          ok: false,
          code: 'unavailable:document_extraction',
          message: 'Documents cannot be read right now. Please try again shortly.',
          detail:
            cap === 'failed'
              ? 'prlimit (util-linux) could not cap the extraction process'
              : 'not an extraction',
          capped: false,
          ms: 0,
          maxRssKb: process.resourceUsage().maxRSS,
        }
      : await read(job, cap === 'capped');
  await send(reply);
}
process.exit(0);
