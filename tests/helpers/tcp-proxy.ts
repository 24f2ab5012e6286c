import { createConnection, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** host:port clients connect to. */
  host: string;
  port: number;
  /** An outage: every open connection is cut and new ones are refused until `restore()`. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free loopback port in front of `target`: the database or Redis as a client sees
 * it, which a test can take away and bring back (a restart or a network failure) without touching the
 * real server other tests share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let port = 0;
  let server: Server | null = null;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = createConnection(target);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port;
        server = s;
        resolve();
      });
    });

  const stop = async () => {
    const s = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  await listen();
  return {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    cut: stop,
    restore: listen,
    close: stop,
  };
}
