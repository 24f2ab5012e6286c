/** What pdf.js writes when it leaves out an image larger than its `maxImageSize` (pixels). */
const IMAGE_REMOVED = 'Image exceeded maximum allowed size and was removed.';
/** What it writes when an image fails to decode (the page then paints nothing there). */
const IMAGE_UNDECODED = 'Unable to decode image';
/** A decoding that failed for want of memory (under the process's address-space cap). */
const OUT_OF_MEMORY = /allocation failed|out of memory|invalid array length|Cannot allocate memory|ENOMEM/i;

/** What pdf.js said while a PDF was read. */
export interface PdfWarnings {
  /** Images left out so far for being larger than `maxImageSize`. */
  readonly removedImages: number;
  /** Images that failed to decode so far, and of these, for want of memory. */
  readonly undecodedImages: number;
  readonly imagesOutOfMemory: number;
  /** Stops listening (console.warn is itself again once nobody listens). */
  stop(): void;
}

const listeners = new Set<(message: string) => void>();
let originalWarn: typeof console.warn | null = null;

/**
 * Listens to pdf.js's warnings while a PDF is read. pdf.js writes them with console.warn ("Warning: …")
 * when opened at verbosity 1, and one of them is the only sign that a page paints an image too large to
 * decode: pdf.js leaves such an image out of the page's drawing operators (a page bomb then looks like
 * a blank page) and says so. The readers open PDFs at that verbosity to hear it; pdf.js's other warnings
 * (a damaged part skipped, a font not loaded) are dropped, as verbosity 0 dropped them, and anything
 * else written with console.warn passes. The readers ask for drawing operators one page at a time, so
 * a count taken before and after a page's says whether that page lost an image.
 */
export function listenToPdfWarnings(): PdfWarnings {
  let removedImages = 0;
  let undecodedImages = 0;
  let imagesOutOfMemory = 0;
  const listener = (message: string) => {
    if (message.includes(IMAGE_REMOVED)) removedImages++;
    if (message.includes(IMAGE_UNDECODED)) {
      undecodedImages++;
      if (OUT_OF_MEMORY.test(message)) imagesOutOfMemory++;
    }
  };
  if (!originalWarn) {
    const warn = console.warn;
    originalWarn = warn;
    console.warn = (...args: unknown[]) => {
      const [first] = args;
      if (typeof first === 'string' && first.startsWith('Warning: ')) {
        for (const heard of listeners) heard(first);
        return;
      }
      warn(...args);
    };
  }
  listeners.add(listener);
  return {
    get removedImages() {
      return removedImages;
    },
    get undecodedImages() {
      return undecodedImages;
    },
    get imagesOutOfMemory() {
      return imagesOutOfMemory;
    },
    stop() {
      listeners.delete(listener);
      if (listeners.size === 0 && originalWarn) {
        console.warn = originalWarn;
        originalWarn = null;
      }
    },
  };
}
