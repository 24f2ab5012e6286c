import type sharpModule from 'sharp';
import { AppError } from '#server/errors';
import type { ImageExtension } from '#server/storage/file-storage';

/** Decoded pixels one upload may hold, all frames of an animation together (a decompression-bomb cap). */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** Stored photos fit inside this square (never enlarged): a profile photo is shown small. */
export const PHOTO_MAX_SIDE = 1024;
/** Longest time one photo may take to process (sharp counts whole seconds). */
const PROCESSING_TIMEOUT_SECONDS = 20;

type Sharp = typeof sharpModule;
let loaded: Promise<Sharp> | undefined;

/** sharp (libvips) is loaded on the first upload only, so a server that never sees one stays small. */
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false); // nothing kept between uploads
    return sharp;
  });
  return loaded;
}

/**
 * Decodes the photo and encodes it again in its own format (ADR 0012): turned upright from its EXIF
 * orientation, scaled to fit PHOTO_MAX_SIDE, with every piece of metadata (EXIF with its GPS position,
 * XMP, IPTC, comments, ICC profile: colours are converted to sRGB) left behind. Animated GIF and WebP
 * keep their frames; an animated PNG keeps its first frame.
 */
export async function reencodePhoto(
  bytes: Buffer,
  extension: ImageExtension,
  { timeoutSeconds = PROCESSING_TIMEOUT_SECONDS }: { timeoutSeconds?: number } = {},
): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes, {
    animated: extension === 'gif' || extension === 'webp',
    autoOrient: true,
    limitInputPixels: MAX_PHOTO_PIXELS,
  })
    .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .timeout({ seconds: timeoutSeconds });
  const encoded =
    extension === 'png'
      ? image.png()
      : extension === 'jpg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : extension === 'webp'
          ? image.webp({ quality: 85 })
          : image.gif();
  try {
    return await encoded.toBuffer();
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (message.includes('pixel limit')) {
      throw new AppError(
        'payload_too_large:photo',
        `The photo has too many pixels (the limit is ${MAX_PHOTO_PIXELS / 1_000_000} megapixels, all frames together). Choose a smaller image.`,
        { cause: err },
      );
    }
    // libvips stops a pipeline that runs past .timeout() with "timeout: NN% complete".
    if (message.startsWith('timeout:')) {
      throw new AppError(
        'payload_too_large:photo_too_complex',
        'This image is too complex to process. Try a smaller or simpler image.',
        { cause: err },
      );
    }
    throw new AppError('bad_request:photo', 'The photo could not be read: the file looks damaged.', {
      cause: err,
    });
  }
}
