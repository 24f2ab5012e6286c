import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '#server/app';
import { loadConfig } from '#server/config/config';
import { createTestDatabase, type TestDatabaseKind } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The whole application on its own database and data directory, for app.inject.
 * `env` overrides environment variables (e.g. provider settings) for this app only; `webDir` serves a
 * built (or fixture) web app; `now` is the clock plan usage is counted by (to cross a month); `logger`
 * adds logger options (a stream to read the log lines from, with LOG_LEVEL in `env`).
 */
export async function createTestApp(
  kind: TestDatabaseKind,
  env: Record<string, string | undefined> = {},
  options: { webDir?: string; now?: () => Date; logger?: AppDeps['logger'] } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-test-'));
  // app.inject sends `Host: localhost:80` while the suites' requests come from TEST_ORIGIN's pages, so
  // the app is told that address; pass `PUBLIC_URL: undefined` to answer as each request's own address.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    // Suites that are not about plans make more generations per user than the free plan's default 20.
    FREE_GENERATIONS_PER_MONTH: '100000',
    ...env,
  });
  const testDb = await createTestDatabase(kind);
  const app = await buildApp({
    config,
    database: testDb.database,
    secret: 'test-secret-that-is-at-least-32-characters-long',
    webDir: options.webDir,
    now: options.now,
    logger: options.logger,
  });
  await app.ready();
  return {
    app,
    dataDir,
    async close() {
      await app.close();
      await testDb.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
