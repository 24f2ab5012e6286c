import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { E2E_ADMIN_EMAIL } from './accounts.ts';
import { startAppServer } from './app-server.ts';
import { startExtraServices } from './extra-services.ts';

/**
 * Starts the extra fakes, then the built app on E2E_PORT with a fresh DATA_DIR (PGlite), and returns
 * the teardown. Extra server variables can also come from E2E_SERVER_ENV as a JSON object.
 */
export default async function globalSetup(_config: FullConfig) {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error('E2E_PORT is not set; run the tests through playwright.config.ts');
  const dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-e2e-'));
  const extra = await startExtraServices();
  const fromEnv = process.env.E2E_SERVER_ENV
    ? (JSON.parse(process.env.E2E_SERVER_ENV) as Record<string, string>)
    : {};
  Object.assign(process.env, extra.env);
  // The server has no SMTP: its mail is in DATA_DIR/outbox, where specs read links as an operator would.
  process.env.E2E_DATA_DIR = dataDir;

  const server = await startAppServer({
    port,
    dataDir,
    env: {
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every test signs up its own accounts from one IP; the limiter has its own integration tests.
      AUTH_RATE_LIMIT_PER_IP: '0',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '0',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      ...extra.env,
      ...fromEnv,
    },
  });

  return async () => {
    await server.stop();
    await extra.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
