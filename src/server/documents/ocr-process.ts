// The OCR job of the extraction process (extraction-child.ts started for 'ocr', ADR 0030): it starts
// tesseract, caps its address space, then reads the pages it was given one by one, sending each page's
// text (or why it could not be read) as soon as the page is done.
import { capAddressSpace } from './address-space.ts';
import { openPdf } from './extract-pdf.ts';
import type { OcrMessage, OcrRequest } from './extraction-protocol.ts';
import { type OcrEngine, startOcrEngine } from './ocr-engine.ts';
import { ocrParagraphs } from './ocr-text.ts';
import { scannedPageImages } from './pdf-images.ts';
import { listenToPdfWarnings } from './pdf-warnings.ts';
import { isOutOfMemory } from './read-document.ts';

/** Pixels of one image given to tesseract at most: an A4 page at about 480 dpi (twice what OCR needs). */
const OCR_IMAGE_PIXELS = 24_000_000;

/**
 * The pixels an image may have for tesseract to read it within `ocrMemoryMb`: measured, it needs about
 * 4 bytes a pixel beyond some 30 MB of its own; 6 and 48 leave room.
 */
export function ocrImagePixels(ocrMemoryMb: number): number {
  const fits = Math.floor(((ocrMemoryMb - 48) * 1024 * 1024) / 6);
  return Math.max(1_000_000, Math.min(OCR_IMAGE_PIXELS, fits));
}

/** A failure of tesseract's WebAssembly for want of memory (it aborts when its memory cannot grow). */
function isWasmOutOfMemory(err: unknown): boolean {
  return /Aborted\(|out of memory|Cannot enlarge memory|RangeError/i.test(String(err));
}

type Send = (message: OcrMessage) => Promise<void>;

/** Starts tesseract, then caps the address space; null (and `failed` sent) when either fails. */
async function start(request: OcrRequest, memoryMb: number, send: Send): Promise<OcrEngine | null> {
  const started = performance.now();
  let engine: OcrEngine;
  try {
    engine = await startOcrEngine(request.languages);
  } catch (err) {
    await send({
      kind: 'failed',
      capped: false,
      detail: `tesseract did not start: ${String(err).slice(0, 300)}`,
    });
    return null;
  }
  // Tesseract first: its worker thread and its WebAssembly memory reserve address space that the cap
  // would refuse; its memory is bounded by V8's --wasm-max-mem-pages instead (ADR 0030).
  const cap = capAddressSpace(memoryMb);
  if (cap === 'failed') {
    await send({
      kind: 'failed',
      capped: false,
      detail: 'prlimit (util-linux) could not cap the OCR process',
    });
    return null;
  }
  await send({ kind: 'ready', capped: cap === 'capped', startMs: performance.now() - started });
  return engine;
}

/**
 * Reads `request.pages` of the PDF by OCR, sending a `page` message for each. A page whose images cannot
 * be read ('image'), or that gives no text ('no_text'), is sent as such and the next one read; when
 * tesseract itself fails on a page ('memory' when its memory ran out, else 'failed') the page is sent
 * and the job ends, since tesseract may not be usable any more: the server goes on in a new process.
 */
export async function runOcrJob(request: OcrRequest, memoryMb: number, send: Send): Promise<void> {
  const engine = await start(request, memoryMb, send);
  if (!engine) return;
  const warnings = listenToPdfWarnings();
  let opened: Awaited<ReturnType<typeof openPdf>>;
  try {
    opened = await openPdf(request.bytes);
  } catch (err) {
    await send({
      kind: 'failed',
      capped: true,
      detail: `the PDF did not open: ${String(err).slice(0, 300)}`,
    });
    return;
  }
  const { pdfjs, pdf } = opened;
  const maxPixels = ocrImagePixels(request.ocrMemoryMb);
  for (const page of request.pages) {
    const started = performance.now();
    const ms = () => performance.now() - started;
    if (!Number.isInteger(page) || page < 1 || page > pdf.numPages) {
      await send({ kind: 'page', page, unreadable: 'failed', detail: 'no such page', ms: ms() });
      continue;
    }
    let found: Awaited<ReturnType<typeof scannedPageImages>>;
    try {
      found = await scannedPageImages(pdfjs, pdf, page, warnings, maxPixels);
    } catch (err) {
      const outOfMemory = isOutOfMemory(err);
      await send({
        kind: 'page',
        page,
        unreadable: outOfMemory ? 'memory' : 'failed',
        detail: String(err),
        ms: ms(),
      });
      if (outOfMemory) break;
      continue;
    }
    const texts: string[] = [];
    let failure: unknown = null;
    for (const image of found.images) {
      try {
        texts.push(await engine.recognize(image));
      } catch (err) {
        failure = err;
        break;
      }
    }
    if (failure !== null) {
      const reason = isWasmOutOfMemory(failure) ? 'memory' : 'failed';
      await send({ kind: 'page', page, unreadable: reason, detail: String(failure).slice(0, 300), ms: ms() });
      break;
    }
    const text = ocrParagraphs(texts.join('\n\n'));
    if (text !== '') await send({ kind: 'page', page, text, ms: ms() });
    else {
      const reason = found.outOfMemory ? 'memory' : found.unusable > 0 ? 'image' : 'no_text';
      await send({ kind: 'page', page, unreadable: reason, ms: ms() });
    }
  }
  warnings.stop();
  await send({ kind: 'done', maxRssKb: process.resourceUsage().maxRSS });
}
