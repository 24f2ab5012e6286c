import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createWorker, OEM } from 'tesseract.js';
import type { OcrLanguage } from '#server/config/config';
import type { PageImage } from './pdf-images.ts';

/** Tesseract, started in the OCR process, reading one image at a time. */
export interface OcrEngine {
  /** The image's text as tesseract writes it (lines, blank lines between blocks). */
  recognize(image: PageImage): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The folder tesseract.js reads `<code>.traineddata.gz` from, for every language: it takes one folder,
 * and each language's data is in its own package. One language: its package's folder. Several: a
 * private temporary folder of links to each package's file, removed by `done` once tesseract has read
 * them (a process killed in between leaves a few links behind in the temporary folder).
 */
function languageFolder(languages: OcrLanguage[]): { folder: string; done: () => void } {
  const [only] = languages;
  if (only && languages.length === 1) return { folder: only.dataFolder, done: () => {} };
  const folder = mkdtempSync(join(tmpdir(), 'draftsmith-ocr-languages-'));
  for (const { code, dataFolder } of languages) {
    symlinkSync(join(dataFolder, `${code}.traineddata.gz`), join(folder, `${code}.traineddata.gz`));
  }
  return { folder, done: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Starts tesseract.js (its WebAssembly in a worker thread of this process) with the languages' trained
 * data from their installed packages, never fetched (`langPath` a folder, no cache written). The LSTM
 * engine, reading each image as one block of text (tesseract.js's default page segmentation): every line
 * is read, and a page in two columns is read line by line across both. Automatic page segmentation (the
 * tesseract command's default, which finds columns) was measured leaving out 13% to all of the words of
 * clean test pages (ADR 0030). The OCR process starts it before capping its address space.
 */
export async function startOcrEngine(languages: OcrLanguage[]): Promise<OcrEngine> {
  const { folder, done } = languageFolder(languages);
  let worker: Awaited<ReturnType<typeof createWorker>>;
  try {
    worker = await createWorker(languages.map((language) => language.code).join('+'), OEM.LSTM_ONLY, {
      langPath: folder,
      gzip: true,
      cacheMethod: 'none',
      // Failures reach the caller as the rejected promise; without a handler tesseract.js also throws.
      errorHandler: () => {},
    });
  } finally {
    done();
  }
  return {
    async recognize(image) {
      // Tesseract's own parameters pass through recognize's options (tesseract.js sets them for this
      // image only); its types list only tesseract.js's.
      const parameters = image.dpi ? { user_defined_dpi: String(image.dpi) } : {};
      const options = parameters as Parameters<typeof worker.recognize>[1];
      const { data } = await worker.recognize(image.pgm, options, { text: true });
      return data.text;
    },
    stop: () => worker.terminate().then(() => {}),
  };
}
