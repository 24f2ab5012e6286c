import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/support/chromium.ts';

/**
 * End-to-end tests drive Debian's Chromium against the built app, started as `npm start` would by
 * e2e/support/global-setup.ts on a free port with a fresh DATA_DIR. The port is chosen once in the
 * runner process and handed to the workers through the environment (they re-read this file).
 */
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

process.env.E2E_PORT ??= freePort();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
process.env.E2E_BASE_URL = baseURL;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // No retries, in CI either: a test that fails once fails where it is found (a flaky test is a bug).
  retries: 0,
  // One worker per core, at most 4: beside them run the app server and a Chromium each (E2E_WORKERS sets it).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : Math.min(4, availableParallelism()),
  timeout: 45_000,
  expect: { timeout: 8_000 },
  reporter: 'list',
  // One folder per run: Playwright empties its output folder at start, and runs may overlap locally.
  outputDir: `.tmp/e2e-results/${process.env.E2E_PORT}`,
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot. The
    // trace's screencast is left out: encoding a frame per paint cost 40% of the browsers' CPU (a run of
    // tools-flow.spec.ts: 37 s of CPU with it, 24 s without; 21 s with no trace at all).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
