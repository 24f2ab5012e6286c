import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/config';
import { openDatabase } from '#server/db/client';
import { createEmptyPostgresDatabase } from './test-database.ts';

export interface TestInstances {
  apps: FastifyInstance[];
  close(): Promise<void>;
}

/**
 * `count` server instances on one new PostgreSQL database (TEST_DATABASE_URL's server), each with its
 * own data directory and the same secret, as several instances behind a load balancer run. `env` is
 * every instance's environment (REDIS_URL to share Redis).
 */
export async function createTestInstances(
  count: number,
  env: Record<string, string | undefined> = {},
): Promise<TestInstances> {
  const empty = await createEmptyPostgresDatabase();
  const instances: { app: FastifyInstance; close(): Promise<void> }[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-instance-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
    const database = await openDatabase({ kind: 'postgres', url: empty.url });
    const app = await buildApp({
      config,
      database,
      secret: 'test-secret-that-is-at-least-32-characters-long',
    });
    await app.ready();
    instances.push({
      app,
      async close() {
        await app.close();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    });
  }
  return {
    apps: instances.map((instance) => instance.app),
    async close() {
      for (const instance of instances) await instance.close();
      await empty.drop();
    },
  };
}
