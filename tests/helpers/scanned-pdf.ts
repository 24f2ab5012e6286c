import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { pdfFile, textContent } from './pdf-writer.ts';

/**
 * Scanned PDFs for the OCR tests: pages that are one grayscale image each (no text layer), showing lines
 * of text drawn with a 5×7 bitmap font scaled up (black on white, with margins), so tesseract reads them
 * as it reads a clean scan; optionally pages with a real text layer (Helvetica) between them, and page
 * bombs (an image declared, and inflating to, far more pixels than a page needs).
 */

/** 5×7 glyphs, a row of five bits per line, top to bottom (the classic LCD font). */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11100', '10010', '10001', '10001', '10001', '10010', '11100'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '10001', '01010', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  '.': ['00000', '00000', '00000', '00000', '00000', '01100', '01100'],
  ',': ['00000', '00000', '00000', '00000', '01100', '00100', '01000'],
  ':': ['00000', '01100', '01100', '00000', '01100', '01100', '00000'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  "'": ['01100', '00100', '01000', '00000', '00000', '00000', '00000'],
  '!': ['00100', '00100', '00100', '00100', '00100', '00000', '00100'],
  '?': ['01110', '10001', '00001', '00010', '00100', '00000', '00100'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

/** The characters the font draws (letters are drawn as capitals; anything else as a space). */
export const SCANNED_FONT_CHARACTERS = Object.keys(GLYPHS).join('');

/** A grayscale image: one byte a pixel (0 black, 255 white), rows top to bottom. */
export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

export interface RenderOptions {
  /** Image pixels per font dot (default 4: capitals 28 pixels tall, as 10-point type scanned at 200 dpi). */
  scale?: number;
  /** Blank pixels around the text (default 8 dots' worth). */
  margin?: number;
}

/**
 * Blurs an image in place with two passes of a box filter `radius` pixels each way (about a Gaussian):
 * the soft edges of a scanned glyph. Tesseract reads the blocky 5×7 glyphs far better softened (all 32
 * words of a test page against 20 without, measured with the eng data).
 */
function blur(image: GrayImage, radius: number): void {
  const { width, height, pixels } = image;
  const line = new Float64Array(Math.max(width, height));
  const pass = (count: number, length: number, index: (i: number, j: number) => number) => {
    for (let i = 0; i < count; i++) {
      for (let j = 0; j < length; j++) line[j] = pixels[index(i, j)]!;
      let sum = 0;
      for (let j = -radius; j <= radius; j++) sum += line[Math.min(Math.max(j, 0), length - 1)]!;
      for (let j = 0; j < length; j++) {
        pixels[index(i, j)] = Math.round(sum / (2 * radius + 1));
        sum += line[Math.min(j + radius + 1, length - 1)]! - line[Math.max(j - radius, 0)]!;
      }
    }
  };
  for (let round = 0; round < 2; round++) {
    pass(height, width, (y, x) => y * width + x);
    pass(width, height, (x, y) => y * width + x);
  }
}

/**
 * Lines of text as a grayscale image: each glyph 5×7 dots with a dot between letters and three between
 * lines, every dot `scale` pixels square, black on white, its edges softened as a scan's are.
 */
export function renderLines(lines: readonly string[], options: RenderOptions = {}): GrayImage {
  const scale = options.scale ?? 4;
  const margin = options.margin ?? 8 * scale;
  const advance = 6 * scale;
  const lineHeight = 10 * scale;
  const columns = Math.max(1, ...lines.map((line) => line.length));
  const width = 2 * margin + columns * advance;
  const height = 2 * margin + Math.max(1, lines.length) * lineHeight;
  const pixels = new Uint8Array(width * height).fill(255);
  lines.forEach((line, row) => {
    [...line.toUpperCase()].forEach((char, column) => {
      const glyph = GLYPHS[char] ?? GLYPHS[' ']!;
      const left = margin + column * advance;
      const top = margin + row * lineHeight;
      glyph.forEach((bits, y) => {
        for (let x = 0; x < 5; x++) {
          if (bits[x] !== '1') continue;
          for (let dy = 0; dy < scale; dy++) {
            const start = (top + y * scale + dy) * width + left + x * scale;
            pixels.fill(0, start, start + scale);
          }
        }
      });
    });
  });
  const image = { width, height, pixels };
  blur(image, Math.max(1, Math.round(scale / 2)));
  return image;
}

/** How one page of a test PDF is made. */
export type ScannedPage =
  /** An image of these lines, and no text layer (or only `stamp`, a few characters such as a page number). */
  | { scan: string[]; stamp?: string }
  /** These lines as real text (Helvetica), no image. */
  | { text: string[] }
  /** An image declared `width`×`height` grey pixels whose data inflates to all of them (a page bomb). */
  | { bomb: { width: number; height: number } };

export interface ScannedPdfOptions extends RenderOptions {
  /**
   * How the scans are stored: 8-bit grey (default), 1-bit black and white (`bilevel`, as most scanners
   * and JBIG2 store text), or a 1-bit stencil mask painted in black (`mask`).
   */
  imageKind?: 'gray' | 'bilevel' | 'mask';
}

/** 1-bit rows (each padded to a byte), a pixel darker than mid-grey as `dark`, the rest as 1 - dark. */
function packBits(image: GrayImage, dark: 0 | 1): Buffer {
  const stride = Math.ceil(image.width / 8);
  const packed = Buffer.alloc(stride * image.height, dark === 0 ? 0xff : 0);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const isDark = image.pixels[y * image.width + x]! < 128;
      const bit = isDark ? dark : 1 - dark;
      const index = y * stride + (x >> 3);
      const mask = 0x80 >> (x & 7);
      packed[index] = bit ? packed[index]! | mask : packed[index]! & ~mask;
    }
  }
  return packed;
}

/** A scan's image dictionary entries and its compressed data, as `kind` stores it. */
function scanImage(image: GrayImage, kind: ScannedPdfOptions['imageKind']) {
  const size = `/Width ${image.width} /Height ${image.height}`;
  if (kind === 'bilevel')
    return {
      dict: `${size} /ColorSpace /DeviceGray /BitsPerComponent 1`,
      data: deflateSync(packBits(image, 0)),
    };
  // A stencil mask paints its 0 samples in the fill colour (black) and leaves its 1 samples alone.
  if (kind === 'mask') return { dict: `${size} /ImageMask true`, data: deflateSync(packBits(image, 0)) };
  return { dict: `${size} /ColorSpace /DeviceGray /BitsPerComponent 8`, data: deflateSync(image.pixels) };
}

/**
 * Zlib data for a page bomb: `bytes` white pixels, a megabyte compressed once (about 1 KB) and repeated,
 * each piece ended with a sync flush so the next can follow, and the Adler-32 of the whole reckoned
 * without the bytes.
 */
function bombData(bytes: number): Buffer {
  const MB = 1024 * 1024;
  const whole = Math.floor(bytes / MB);
  const piece = deflateRawSync(Buffer.alloc(MB, 0xff), { finishFlush: constants.Z_SYNC_FLUSH, level: 9 });
  const rest = deflateRawSync(Buffer.alloc(bytes - whole * MB, 0xff)); // the final block
  // Adler-32 of n bytes of value v: a = 1 + n·v, b = n + v·n(n+1)/2 (mod 65521).
  const n = BigInt(bytes);
  const a = (1n + n * 255n) % 65521n;
  const b = (n + (255n * n * (n + 1n)) / 2n) % 65521n;
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(Number((b << 16n) | a));
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array.from({ length: whole }, () => piece),
    rest,
    trailer,
  ]);
}

/** One PDF object's bytes. */
type PdfObject = Buffer;

function stream(dict: string, data: Uint8Array): PdfObject {
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
}

const A4 = { width: 595, height: 842 };

/**
 * A PDF whose pages are made as `pages` says: scans (an image filling the page, FlateDecode, DeviceGray,
 * drawn with `cm` and `Do` and nothing else), text pages (Helvetica, 12 points, from the top) or page
 * bombs. Written by hand with a correct cross-reference table.
 */
export function scannedPdf(pages: readonly ScannedPage[], options: ScannedPdfOptions = {}): Buffer {
  const objects: PdfObject[] = [];
  const add = (body: PdfObject | string) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    let content: Buffer;
    let resources: string;
    if ('text' in page) {
      content = textContent(page.text.map((text, i) => ({ x: 56, y: 780 - i * 16, size: 12, text })));
      resources = `/Font << /F1 ${font} 0 R >>`;
    } else {
      const { width, height } = 'scan' in page ? { width: 0, height: 0 } : page.bomb;
      const rendered = 'scan' in page ? renderLines(page.scan, options) : null;
      const { dict, data } = rendered
        ? scanImage(rendered, options.imageKind)
        : {
            dict: `/Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8`,
            data: bombData(width * height),
          };
      const image = add(stream(`/Type /XObject /Subtype /Image ${dict} /Filter /FlateDecode`, data));
      const shown = rendered ?? { width, height };
      // The image keeps its proportions, as wide as the page less 36-point margins, from the top.
      const shownWidth = A4.width - 72;
      const shownHeight = Math.min(A4.height - 72, (shownWidth * shown.height) / shown.width);
      content = Buffer.from(
        `q ${shownWidth} 0 0 ${shownHeight.toFixed(2)} 36 ${(A4.height - 36 - shownHeight).toFixed(2)} cm /Im1 Do Q\n`,
      );
      const stamp = 'scan' in page ? page.stamp : undefined;
      if (stamp) content = Buffer.concat([content, textContent([{ x: 290, y: 20, size: 9, text: stamp }])]);
      resources = `/XObject << /Im1 ${image} 0 R >> /Font << /F1 ${font} 0 R >>`;
    }
    const contents = add(stream('/Filter /FlateDecode', deflateSync(content)));
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Contents ${contents} 0 R /Resources << ${resources} >> >>`,
      ),
    );
  }
  objects[tree - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
  );
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${tree} 0 R >>`);
  return pdfFile(objects, catalog);
}

/** Sentences of distinct words for page `n` of a test scan (so each page's words can be told apart). */
export function scanLines(n: number): string[] {
  return [
    `PAGE ${n} OF THE REPORT`,
    'THE COMMITTEE MET IN ZURICH',
    'AND REVIEWED THE BUDGET,',
    'THE STAFF AND THE RISKS.',
  ];
}

/**
 * A PDF of `count` pages, page n showing `lines(n)` (scanLines by default): scans, except the pages in
 * `textPages`, whose lines are a real text layer instead (a mixed PDF).
 */
export function scannedPdfOfPages(
  count: number,
  options: ScannedPdfOptions & { textPages?: readonly number[]; lines?: (page: number) => string[] } = {},
): Buffer {
  const { textPages = [], lines = scanLines, ...pdfOptions } = options;
  const text = new Set(textPages);
  return scannedPdf(
    Array.from({ length: count }, (_, i) =>
      text.has(i + 1) ? { text: lines(i + 1) } : { scan: lines(i + 1) },
    ),
    pdfOptions,
  );
}
