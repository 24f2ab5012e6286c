import type { PdfWarnings } from './pdf-warnings.ts';

type PdfJs = typeof import('unpdf/pdfjs');
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPage = Awaited<ReturnType<PdfDocument['getPage']>>;

/** A scan's image as tesseract reads it: a binary PGM (8-bit grey), and its resolution on the page. */
export interface PageImage {
  pgm: Buffer;
  width: number;
  height: number;
  /** Pixels per inch where the page shows it, when known (tesseract's `user_defined_dpi`). */
  dpi?: number;
}

export interface ScannedPageImages {
  images: PageImage[];
  /**
   * Images the page paints that cannot be read: too large to decode (a page bomb), failed to decode, or
   * of no known kind.
   */
  unusable: number;
  /** Whether one of them failed to decode for want of memory. */
  outOfMemory: boolean;
}

/** Images smaller than this on a side are rules, bullets and logos, not a scan of text. */
const MIN_SIDE = 24;
/** Images read on one page at most (a scan cut into strips is a few; hundreds are decoration). */
const MAX_IMAGES = 8;

/** pdf.js's image kinds (its ImageKind). */
const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;
const RGBA_32BPP = 3;

interface DecodedImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray | null;
}

/** An image to read: how to get its pixels, whether it is a stencil mask, and its width in points. */
interface Painted {
  decoded: () => Promise<DecodedImage | null>;
  mask: boolean;
  pointsWide: number;
}

type Matrix = [number, number, number, number, number, number];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** An object pdf.js sent for the page (an image), once it has arrived. */
function objectOf(page: PdfPage, id: string): Promise<DecodedImage | null> {
  const objects = id.startsWith('g_') ? page.commonObjs : page.objs;
  return new Promise((resolve) =>
    objects.get(id, (value: unknown) => resolve((value as DecodedImage) ?? null)),
  );
}

/** The images a page paints, in order, each with the width it is shown at (from the drawing's transforms). */
function paintedImages(pdfjs: PdfJs, page: PdfPage, fnArray: number[], argsArray: unknown[][]): Painted[] {
  const { OPS } = pdfjs;
  const painted: Painted[] = [];
  const saved: Matrix[] = [];
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  for (let i = 0; i < fnArray.length; i++) {
    const op = fnArray[i];
    const args = argsArray[i] ?? [];
    if (op === OPS.save) saved.push(ctm);
    else if (op === OPS.restore) ctm = saved.pop() ?? ctm;
    else if (op === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (op === OPS.paintImageXObject || op === OPS.paintImageXObjectRepeat) {
      const id = args[0] as string;
      painted.push({
        decoded: () => objectOf(page, id),
        mask: false,
        pointsWide: Math.hypot(ctm[0], ctm[1]),
      });
    } else if (op === OPS.paintInlineImageXObject) {
      const image = args[0] as DecodedImage;
      painted.push({ decoded: async () => image, mask: false, pointsWide: Math.hypot(ctm[0], ctm[1]) });
    } else if (op === OPS.paintImageMaskXObject) {
      // A stencil mask's bits come as the page's object named by `data` (inline ones as the bits).
      const mask = args[0] as Omit<DecodedImage, 'data'> & { data: string | DecodedImage['data'] };
      const { data } = mask;
      painted.push({
        decoded: async () =>
          typeof data === 'string' ? objectOf(page, data) : { width: mask.width, height: mask.height, data },
        mask: true,
        pointsWide: Math.hypot(ctm[0], ctm[1]),
      });
    }
  }
  return painted;
}

/** One row of an image as grey levels (0 black … 255 white), written into `row`; false for an unknown kind. */
function readRow(image: DecodedImage, mask: boolean, y: number, row: Uint8Array): boolean {
  const { width, data } = image;
  if (!data) return false;
  // A stencil mask's bits, like a 1-bit grey image's, are 1 where the paper shows.
  if (mask || image.kind === GRAYSCALE_1BPP) {
    const stride = (width + 7) >> 3;
    for (let x = 0; x < width; x++) row[x] = (data[y * stride + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    return true;
  }
  const channels = image.kind === RGB_24BPP ? 3 : image.kind === RGBA_32BPP ? 4 : 0;
  if (channels === 0) return false;
  for (let x = 0, i = y * width * channels; x < width; x++, i += channels) {
    // Rec. 601 luma; a transparent pixel shows the white paper.
    const luma = (299 * data[i]! + 587 * data[i + 1]! + 114 * data[i + 2]!) / 1000;
    const alpha = channels === 4 ? data[i + 3]! / 255 : 1;
    row[x] = Math.round(luma * alpha + 255 * (1 - alpha));
  }
  return true;
}

/**
 * An image as a binary PGM, shrunk by a whole factor (each pixel the mean of a factor × factor block) to
 * at most `maxPixels`: tesseract's memory grows with the pixels (about 5 bytes each), and a page needs
 * no more than about 300 dpi. Null for an image of a kind this cannot read.
 */
function toPgm(
  image: DecodedImage,
  mask: boolean,
  maxPixels: number,
): { pgm: Buffer; factor: number } | null {
  const { width, height } = image;
  const factor = Math.max(1, Math.ceil(Math.sqrt((width * height) / maxPixels)));
  const outWidth = Math.floor(width / factor);
  const outHeight = Math.floor(height / factor);
  if (outWidth === 0 || outHeight === 0) return null;
  const header = Buffer.from(`P5\n${outWidth} ${outHeight}\n255\n`, 'latin1');
  const pgm = Buffer.allocUnsafe(header.length + outWidth * outHeight);
  header.copy(pgm);
  const row = new Uint8Array(width);
  const sums = new Uint32Array(outWidth);
  const area = factor * factor;
  for (let outY = 0; outY < outHeight; outY++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      if (!readRow(image, mask, outY * factor + dy, row)) return null;
      for (let x = 0; x < outWidth * factor; x++) sums[Math.floor(x / factor)]! += row[x]!;
    }
    const offset = header.length + outY * outWidth;
    for (let x = 0; x < outWidth; x++) pgm[offset + x] = Math.round(sums[x]! / area);
  }
  return { pgm, factor };
}

/**
 * The images of a scanned page as tesseract reads them, in the order the page paints them (tiny ones
 * left out, at most MAX_IMAGES), each shrunk to at most `maxPixels`, with how many it paints that cannot
 * be read. The drawing operators decode the images (pdf.js leaves out one over its `maxImageSize`,
 * heard in `warnings`); the page's resources are released before this returns.
 */
export async function scannedPageImages(
  pdfjs: PdfJs,
  pdf: PdfDocument,
  number: number,
  warnings: PdfWarnings,
  maxPixels: number,
): Promise<ScannedPageImages> {
  const page = await pdf.getPage(number);
  const removedBefore = warnings.removedImages;
  const outOfMemoryBefore = warnings.imagesOutOfMemory;
  try {
    const { fnArray, argsArray } = await page.getOperatorList();
    const images: PageImage[] = [];
    let unusable = 0;
    for (const painted of paintedImages(pdfjs, page, fnArray, argsArray as unknown[][])) {
      if (images.length >= MAX_IMAGES) break;
      const image = await painted.decoded();
      if (!image) {
        unusable++; // pdf.js could not decode it (and said why, counted below)
        continue;
      }
      if (image.width < MIN_SIDE || image.height < MIN_SIDE) continue;
      const converted = toPgm(image, painted.mask, maxPixels);
      if (!converted) {
        unusable++;
        continue;
      }
      const { pgm, factor } = converted;
      const dpi = painted.pointsWide > 1 ? (image.width / factor / painted.pointsWide) * 72 : undefined;
      images.push({
        pgm,
        width: Math.floor(image.width / factor),
        height: Math.floor(image.height / factor),
        ...(dpi ? { dpi: Math.round(dpi) } : {}),
      });
    }
    return {
      images,
      unusable: unusable + warnings.removedImages - removedBefore,
      outOfMemory: warnings.imagesOutOfMemory > outOfMemoryBefore,
    };
  } finally {
    page.cleanup();
  }
}
