import {
  DecompressionStream as PlatformDecompressionStream,
  type ReadableStream,
  TransformStream,
  type TransformStreamDefaultController,
  type WritableStream,
} from 'node:stream/web';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync, type ZlibOptions } from 'node:zlib';

/** Decompressed bytes of one stream past which it goes through the platform's stream, as before. */
const AT_ONCE_LIMIT_BYTES = 32 * 1024 * 1024;

type Decompress = (data: Uint8Array, options: ZlibOptions) => Buffer;

/** The formats decompressed here, each with the zlib call that reads it in one go. */
const AT_ONCE: Record<string, Decompress> = {
  deflate: inflateSync,
  'deflate-raw': inflateRawSync,
  gzip: gunzipSync,
  brotli: brotliDecompressSync,
};

type Format = ConstructorParameters<typeof PlatformDecompressionStream>[0];

/** Passes what the platform's stream makes of `input` on to `controller`; throws as it does on bad data. */
async function decompressThrough(
  format: Format,
  input: Uint8Array,
  controller: TransformStreamDefaultController<Uint8Array>,
) {
  const { readable, writable } = new PlatformDecompressionStream(format);
  const writer = writable.getWriter();
  writer
    .write(input)
    .then(() => writer.close())
    .catch(() => {}); // the same failure ends the readable side, read below
  for await (const chunk of readable) controller.enqueue(chunk as Uint8Array);
}

/** Bytes written to a stream, as a view (without a copy). */
function bytesOf(chunk: ArrayBufferView | ArrayBuffer): Uint8Array {
  return ArrayBuffer.isView(chunk)
    ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    : new Uint8Array(chunk);
}

/**
 * A DecompressionStream that decompresses a stream in one synchronous zlib call once all of it is
 * written. pdf.js sends every compressed stream of a PDF through DecompressionStream; Node's runs each
 * as a web stream over zlib's thread pool, and that round trip per stream made reading a 236-page PDF
 * about 20% slower (ADR 0016). A stream that would come out larger than 32 MB, or that zlib refuses,
 * goes through the platform's stream exactly as before: a decompression bomb meets the memory cap the
 * same way, and a damaged stream still falls back to pdf.js's own decoder.
 */
export class AtOnceDecompressionStream {
  readonly readable: ReadableStream<Uint8Array>;
  readonly writable: WritableStream<ArrayBufferView | ArrayBuffer>;

  constructor(format: Format) {
    const decompress = AT_ONCE[format];
    if (!decompress) {
      // A format not listed above (or no format at all) is the platform's, with its own answer.
      const platform = new PlatformDecompressionStream(format);
      this.readable = platform.readable as ReadableStream<Uint8Array>;
      this.writable = platform.writable as WritableStream<ArrayBufferView | ArrayBuffer>;
      return;
    }
    const written: Uint8Array[] = [];
    const { readable, writable } = new TransformStream<ArrayBufferView | ArrayBuffer, Uint8Array>({
      transform(chunk) {
        written.push(bytesOf(chunk));
      },
      async flush(controller) {
        const input = Buffer.concat(written);
        let output: Buffer | null = null;
        try {
          output = decompress(input, { maxOutputLength: AT_ONCE_LIMIT_BYTES });
        } catch {
          // Too large, or damaged: the platform's stream below decides, as it did.
        }
        if (output) controller.enqueue(new Uint8Array(output.buffer, output.byteOffset, output.length));
        else await decompressThrough(format, input, controller);
      },
    });
    this.readable = readable;
    this.writable = writable;
  }
}

/**
 * Puts AtOnceDecompressionStream in place of the global DecompressionStream, for pdf.js. Only for the
 * extraction process (extraction-child.ts): it reads one document and nothing else in it uses the global.
 */
export function installAtOnceDecompression(): void {
  Object.defineProperty(globalThis, 'DecompressionStream', {
    value: AtOnceDecompressionStream,
    writable: true,
    configurable: true,
  });
}
