import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { upgradeSnapshots } from '#server/backup/upgrade-snapshots';
import { loadConfig } from '#server/config/config';
import { type Database, openDatabase } from '#server/db/client';
import { type DataDirLock, lockDataDir } from '#server/db/data-dir-lock';
import { resolveSecret } from '#server/secret';
import { TEST_PGLITE_TEMPLATE_DIR } from './pglite-template.ts';

export interface DataDirServer {
  app: FastifyInstance;
  database: Database;
  /** The secret came from DATA_DIR/auth-secret (false: generated now). */
  secretFound: boolean;
  /** Lines the start logged about upgrade snapshots. */
  upgradeLog: string[];
  close(): Promise<void>;
}

/**
 * The server as server.ts starts it, on a data directory on disk: lock, secret file, embedded database
 * (with its pre-upgrade snapshots), and optionally a real socket on 127.0.0.1 (for `npm run backup`).
 */
export async function startDataDirServer(
  dataDir: string,
  options: { listen?: boolean } = {},
): Promise<DataDirServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    // A remote provider nobody calls: the local model would start downloading once the server listens.
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: 'http://127.0.0.1:9/v1',
    AI_MODEL: 'm',
  });
  mkdirSync(dataDir, { recursive: true });
  const lock: DataDirLock = lockDataDir(dataDir);
  const upgradeLog: string[] = [];
  try {
    const { secret, generated } = resolveSecret(undefined, dataDir);
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: join(dataDir, 'pglite'),
      templateDir: TEST_PGLITE_TEMPLATE_DIR,
      upgrade: upgradeSnapshots({
        dataDir,
        environment: config.environment,
        log: (line) => upgradeLog.push(line),
      }),
    });
    const app = await buildApp({ config, database, secret });
    if (options.listen) await app.listen({ port: 0, host: '127.0.0.1' });
    else await app.ready();
    return {
      app,
      database,
      secretFound: !generated,
      upgradeLog,
      async close() {
        await app.close();
        await database.close();
        lock.release();
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
