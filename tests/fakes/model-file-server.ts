import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The shared test model (shared/ sits beside the repository, locally and in CI). */
export const TINY_MODEL_PATH = fileURLToPath(
  new URL('../../../shared/models/llama-2-tiny-random.gguf', import.meta.url),
);
export const TINY_MODEL_SHA256 = '81f226c62d28ed4a1a9b9fa080fcd9f0cc40e0f9d5680036583ff98fbcd035cb';

export interface ModelFileServer {
  /** URL of the model file. */
  url: string;
  size: number;
  requests: IncomingHttpHeaders[];
  /** The next response stops (connection destroyed) after this many bytes. */
  cutNextAfter(bytes: number): void;
  /** Delay between 64 KB chunks, to watch a download in progress. */
  setChunkDelay(ms: number): void;
  /** Answer every request with this status and no body (null: serve the file again). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/**
 * Serves one model file over HTTP on 127.0.0.1 like a CDN does: Content-Length, Range requests (206 with
 * Content-Range, 416 past the end), and, on demand, a connection cut part-way or slow chunks.
 */
export async function startModelFileServer(filePath = TINY_MODEL_PATH): Promise<ModelFileServer> {
  const file = readFileSync(filePath);
  const requests: IncomingHttpHeaders[] = [];
  let cutAfter: number | null = null;
  let chunkDelay = 0;
  let failStatus: number | null = null;
  const server = createServer(async (req, res) => {
    requests.push(req.headers);
    if (failStatus !== null) {
      res.writeHead(failStatus);
      return res.end();
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = range ? Number(range[1]) : 0;
    if (start >= file.length) {
      res.writeHead(416, { 'content-range': `bytes */${file.length}` });
      return res.end();
    }
    const body = file.subarray(start);
    res.writeHead(range ? 206 : 200, {
      'content-type': 'application/octet-stream',
      'content-length': body.length,
      'accept-ranges': 'bytes',
      ...(range ? { 'content-range': `bytes ${start}-${file.length - 1}/${file.length}` } : {}),
    });
    const limit = cutAfter;
    cutAfter = null;
    for (let offset = 0; offset < body.length; offset += 64 * 1024) {
      if (limit !== null && offset >= limit) return res.destroy();
      const end = limit !== null ? Math.min(offset + 64 * 1024, limit) : offset + 64 * 1024;
      // Wait until each chunk is handed to the socket, so a cut really happens part-way.
      await new Promise((r) => res.write(body.subarray(offset, end), r));
      if (chunkDelay) await new Promise((r) => setTimeout(r, chunkDelay));
      if (res.destroyed) return;
    }
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const name = filePath.split('/').pop();
  return {
    url: `http://127.0.0.1:${port}/${name}`,
    size: file.length,
    requests,
    cutNextAfter: (bytes) => {
      cutAfter = bytes;
    },
    setChunkDelay: (ms) => {
      chunkDelay = ms;
    },
    failWith: (status) => {
      failStatus = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
