import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface Precompressed {
  brotli: Buffer;
  gzip: Buffer;
}

/**
 * Text compressed once, at the highest settings, for responses sent many times: the build's assets
 * (scripts/compress-web.mjs) and the composed pages (page-html.ts).
 */
export function precompress(data: string | Buffer): Precompressed {
  return {
    brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(data, { level: 9 }),
  };
}
