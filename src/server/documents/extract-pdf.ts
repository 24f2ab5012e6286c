import type { MarkdownWriter } from './markdown-writer.ts';
import { type PlacedText, writePdfPage } from './pdf-layout.ts';

/** Why a PDF gives no text: a password, too many pages, or only images (a scan) or nothing at all. */
export class PdfProblem extends Error {
  readonly problem: 'encrypted' | 'pages' | 'scanned' | 'no_text' | 'damaged';
  readonly pages: number;

  constructor(problem: PdfProblem['problem'], pages = 0, options?: ErrorOptions) {
    super(problem, options);
    this.problem = problem;
    this.pages = pages;
  }
}

/** Pages read ahead of the one being written. */
const PAGES_IN_FLIGHT = 4;

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
 * skipped); a password or a file pdf.js cannot open at all is a PdfProblem. Exported for the benchmark,
 * which times pdf.js alone on the same terms.
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
      verbosity: 0,
    }).promise;
    return { pdfjs, pdf };
  } catch (err) {
    const name = (err as Error | undefined)?.name;
    if (name === 'PasswordException') throw new PdfProblem('encrypted', 0, { cause: err });
    throw new PdfProblem('damaged', 0, { cause: err });
  }
}

/**
 * A PDF, page by page: the page count is checked before any page is read, each page's text is laid out
 * (pdf-layout.ts) and its resources released before the next. A PDF whose pages give no text at all is
 * a scan when its first page paints an image, otherwise simply without text.
 */
export async function extractPdf(
  bytes: Uint8Array,
  writer: MarkdownWriter,
  maxPages: number,
): Promise<{ pages: number }> {
  const { pdfjs, pdf } = await openPdf(bytes);
  try {
    const pages = pdf.numPages;
    if (pages > maxPages) throw new PdfProblem('pages', pages);
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
    let chars = 0;
    for (let number = 1; number <= pages; number++) {
      for (let next = number; next < number + PAGES_IN_FLIGHT; next++) request(next);
      const items = await ahead.get(number)!;
      ahead.delete(number);
      chars += writePdfPage(items, writer);
    }
    if (chars === 0) {
      const first = await pdf.getPage(1);
      const operators = await first.getOperatorList();
      throw new PdfProblem(paintsImage(pdfjs, operators.fnArray) ? 'scanned' : 'no_text', pages);
    }
    return { pages };
  } finally {
    await pdf.destroy();
  }
}
