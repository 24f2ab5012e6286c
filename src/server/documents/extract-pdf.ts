import type { MarkdownWriter } from './markdown-writer.ts';
import { type PlacedText, writePdfPage } from './pdf-layout.ts';
import { listenToPdfWarnings, type PdfWarnings } from './pdf-warnings.ts';

/** Why a PDF gives no text: a password, too many pages, no pages, or a file pdf.js cannot open. */
export class PdfProblem extends Error {
  readonly problem: 'encrypted' | 'pages' | 'no_text' | 'damaged';
  readonly pages: number;

  constructor(problem: PdfProblem['problem'], pages = 0, options?: ErrorOptions) {
    super(problem, options);
    this.problem = problem;
    this.pages = pages;
  }
}

/** Pages read ahead of the one being written. */
const PAGES_IN_FLIGHT = 4;

/** A page whose text layer has fewer non-space characters than this, and that paints an image, is a scan. */
export const SCANNED_PAGE_CHARS = 10;

/**
 * The most pixels an image in a PDF may have for pdf.js to decode it (about 8,000 × 8,000: an A4 page
 * scanned at 900 dpi, or A3 at 650). A larger one is left out of its page's drawing operators before it
 * is decoded, so a page bomb (an image declared, and inflating to, billions of pixels) costs nothing;
 * the page is still found to be a scan (pdf-warnings.ts) and OCR lists it as unreadable ('image').
 */
export const MAX_IMAGE_PIXELS = 64_000_000;

type PdfJs = typeof import('unpdf/pdfjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

async function loadPdfJs(): Promise<PdfJs> {
  // unpdf's serverless build of pdf.js: one file, its worker inlined (the extraction process is the thread).
  const { getResolvedPDFJS } = await import('unpdf');
  return (await getResolvedPDFJS()) as unknown as PdfJs;
}

/** pdf.js drawing operators that paint an image. */
function paintsImage(pdfjs: PdfJs, ops: number[]): boolean {
  const { OPS } = pdfjs;
  const image = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintImageMaskXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
    OPS.paintImageMaskXObjectGroup,
  ]);
  return ops.some((op) => image.has(op));
}

/**
 * Opens a PDF with pdf.js as the extraction reads it (no fonts rendered, no code generated, damaged parts
 * skipped, no image over MAX_IMAGE_PIXELS decoded, images decoded into plain arrays); a password or a
 * file pdf.js cannot open at all is a PdfProblem. Its warnings are written at verbosity 1, for
 * listenToPdfWarnings to hear a page bomb. Exported for the benchmark, which times pdf.js alone on the
 * same terms, and for the OCR process, which reads the scans' images.
 */
export async function openPdf(bytes: Uint8Array): Promise<{ pdfjs: PdfJs; pdf: PdfDocument }> {
  const pdfjs = await loadPdfJs();
  try {
    const pdf = await pdfjs.getDocument({
      // A copy: pdf.js refuses a Buffer, and detaches the array it is given.
      data: new Uint8Array(bytes),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
      maxImageSize: MAX_IMAGE_PIXELS,
      isOffscreenCanvasSupported: false,
      isImageDecoderSupported: false,
      verbosity: 1,
    }).promise;
    return { pdfjs, pdf };
  } catch (err) {
    const name = (err as Error | undefined)?.name;
    if (name === 'PasswordException') throw new PdfProblem('encrypted', 0, { cause: err });
    throw new PdfProblem('damaged', 0, { cause: err });
  }
}

/**
 * Whether a page paints an image, from its drawing operators (which decodes its images: the costly part,
 * so only asked of pages without text), or paints one too large to decode.
 */
async function paintsImageOn(pdfjs: PdfJs, pdf: PdfDocument, number: number, warnings: PdfWarnings) {
  const page = await pdf.getPage(number);
  const removedBefore = warnings.removedImages;
  try {
    const operators = await page.getOperatorList();
    return warnings.removedImages > removedBefore || paintsImage(pdfjs, operators.fnArray);
  } finally {
    page.cleanup();
  }
}

/** The non-space characters of a page's text runs, counted up to `limit`. */
function textCharacters(items: PlacedText[], limit: number): number {
  let count = 0;
  for (const item of items) {
    for (const char of item.str) if (char.trim() !== '' && ++count >= limit) return count;
  }
  return count;
}

/** The pages of an open PDF, written one after the other, and the scans among them (extractPdf). */
async function readPages(
  { pdfjs, pdf }: Awaited<ReturnType<typeof openPdf>>,
  writer: MarkdownWriter,
  options: { maxPages: number; scanChecks: number },
  warnings: PdfWarnings,
): Promise<{ pages: number; scannedPages: number[] }> {
  const pages = pdf.numPages;
  if (pages > options.maxPages) throw new PdfProblem('pages', pages);
  if (pages === 0) throw new PdfProblem('no_text');
  const readPage = async (number: number): Promise<PlacedText[]> => {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent({ includeMarkedContent: false });
    const items: PlacedText[] = [];
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform as number[];
      const size = Math.hypot(c, d) || Math.hypot(a, b) || 1;
      items.push({ str: item.str, x, y, width: item.width, size });
    }
    page.cleanup();
    return items;
  };
  // A few pages in flight at once: pdf.js waits a little between its messages, and the waits overlap.
  const ahead = new Map<number, Promise<PlacedText[]>>();
  const request = (number: number) => {
    if (number > pages || ahead.has(number)) return;
    const reading = readPage(number);
    reading.catch(() => {}); // awaited below, or abandoned when an earlier page fails
    ahead.set(number, reading);
  };
  const scannedPages: number[] = [];
  let checkedScans = 0;
  for (let number = 1; number <= pages; number++) {
    for (let next = number; next < number + PAGES_IN_FLIGHT; next++) request(next);
    const items = await ahead.get(number)!;
    ahead.delete(number);
    if (number > 1) writer.pageBreak();
    writePdfPage(items, writer);
    if (textCharacters(items, SCANNED_PAGE_CHARS) >= SCANNED_PAGE_CHARS) continue;
    if (checkedScans >= options.scanChecks) {
      scannedPages.push(number);
    } else if (await paintsImageOn(pdfjs, pdf, number, warnings)) {
      scannedPages.push(number);
      checkedScans++;
    }
  }
  return { pages, scannedPages };
}

/**
 * A PDF, page by page: the page count is checked before any page is read, each page's text is laid out
 * (pdf-layout.ts) after a page break (the writer's page starts) and its resources released before the
 * next. A page with fewer than SCANNED_PAGE_CHARS characters of text that paints an image is a scan,
 * listed in `scannedPages` for OCR: its drawing operators decode its images, so only the first
 * `scanChecks` scans found are checked that way, and a page without text past them is taken for a scan
 * unchecked (OCR, which reads at most that many, lists it; it is never silently dropped).
 */
export async function extractPdf(
  bytes: Uint8Array,
  writer: MarkdownWriter,
  options: { maxPages: number; scanChecks: number },
): Promise<{ pages: number; scannedPages: number[] }> {
  const warnings = listenToPdfWarnings();
  let opened: Awaited<ReturnType<typeof openPdf>> | null = null;
  try {
    opened = await openPdf(bytes);
    return await readPages(opened, writer, options, warnings);
  } finally {
    await opened?.pdf.destroy();
    warnings.stop();
  }
}
