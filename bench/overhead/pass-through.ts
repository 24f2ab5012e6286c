import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers of one hop, not forwarded (RFC 9110 §7.6.1); Node sets its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);

function forwarded(headers: NodeJS.Dict<string | string[]>): NodeJS.Dict<string | string[]> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/**
 * The floor a server in front of the model cannot go under: a bare node:http server that forwards each
 * request to `target` over kept-alive connections and pipes the answer back, doing nothing else.
 */
export async function startPassThrough(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const server = createServer((req, res) => {
    const out = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, forwarded(answer.headers));
        answer.pipe(res);
      },
    );
    for (const [name, value] of Object.entries(forwarded(req.headers))) {
      if (value !== undefined && name !== 'host') out.setHeader(name, value);
    }
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
