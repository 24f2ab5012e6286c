import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { listenUrls } from './listen-addresses.ts';
import { postgresLocation } from './postgres-location.ts';
import type { BannerSnapshot } from './start-banner.ts';

/**
 * Reads the banner's state from the listening app: the addresses once (the port it really got, for
 * PORT=0), the model's state (`app.ai.describe()`, as GET /api/ai/status tells it) on every call.
 * `logFile`: where the terminal's log leaves the requests (log-output.ts).
 */
export function bannerSnapshot(app: FastifyInstance, logFile?: string): () => BannerSnapshot {
  const { config } = app;
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT;
  const urls = listenUrls(config.HOST, port, networkInterfaces());
  const fixed: Omit<BannerSnapshot, 'ai'> = {
    open: config.PUBLIC_URL ? [config.publicUrl] : urls,
    listening: config.PUBLIC_URL ? urls : [],
    dataDir: config.DATA_DIR,
    database: config.DATABASE_URL
      ? { kind: 'postgres', location: postgresLocation(config.DATABASE_URL).label }
      : { kind: 'pglite' },
    ...(logFile && { logFile }),
  };
  return () => ({ ...fixed, ai: app.ai.describe() });
}
