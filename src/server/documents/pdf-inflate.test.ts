import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AtOnceDecompressionStream } from './pdf-inflate.ts';

/** Reads a stream as pdf.js does: writes the bytes, closes, and collects what comes out. */
async function decompress(stream: { readable: object; writable: object }, input: Uint8Array) {
  const writer = (stream.writable as WritableStream<Uint8Array>).getWriter();
  writer
    .write(input)
    .then(() => writer.close())
    .catch(() => {});
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream.readable as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const text = Buffer.from('BT /F1 11 Tf 50 700 Td (Zürich, naïve, 東京) Tj ET\n'.repeat(200));

describe('AtOnceDecompressionStream', () => {
  it.each([
    ['deflate', deflateSync(text)],
    ['deflate-raw', deflateRawSync(text)],
    ['gzip', gzipSync(text)],
    ['brotli', brotliCompressSync(text)],
  ] as const)('gives what was compressed as %s', async (format, compressed) => {
    const out = await decompress(new AtOnceDecompressionStream(format), compressed);
    expect(out.equals(text)).toBe(true);
  });

  it('leaves a stream that comes out larger than 32 MB to the platform, which still reads it', async () => {
    const large = Buffer.alloc(40 * 1024 * 1024, 0x20);
    const out = await decompress(new AtOnceDecompressionStream('deflate'), deflateSync(large));
    expect(out.length).toBe(large.length);
  });

  it('fails on damaged data as the platform does, so pdf.js falls back to its own decoder', async () => {
    const damaged = deflateSync(text).subarray(0, 40);
    await expect(decompress(new AtOnceDecompressionStream('deflate'), damaged)).rejects.toThrow();
    await expect(decompress(new DecompressionStream('deflate'), damaged)).rejects.toThrow();
  });

  it('refuses a format the platform does not know, as the platform does', () => {
    const format = 'zip' as CompressionFormat;
    expect(() => new AtOnceDecompressionStream(format)).toThrow(TypeError);
    expect(() => new DecompressionStream(format)).toThrow(TypeError);
  });
});
