import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startScriptNodeFlags } from '#bench/scale/instances';
import { freePort } from '#tests/helpers/free-port';

export interface AppServer {
  stop: () => Promise<void>;
}

interface StartOptions {
  port: string;
  dataDir: string;
  env: Record<string, string>;
  timeoutMs?: number;
}

/** Builds if the sources changed (as `npm start` does), then runs `node <its flags> dist/server/server.js`. */
export async function startAppServer({
  port,
  dataDir,
  env,
  timeoutMs = 120_000,
}: StartOptions): Promise<AppServer> {
  // E2E_SKIP_BUILD=1 reuses dist/ as it is (handy while another part of the tree does not build).
  if (!process.env.E2E_SKIP_BUILD && existsSync('scripts/ensure-build.mjs')) {
    const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('Building the app for the end-to-end tests failed');
  }
  const child = spawn(process.execPath, [...startScriptNodeFlags(), 'dist/server/server.js'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: port, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, exited, timeoutMs);
  return { stop: () => stopChild(child, exited) };
}

/** A remote AI provider that is never called: keeps a server that generates nothing from fetching the local model. */
export const UNUSED_AI_ENV = {
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: 'http://127.0.0.1:9/v1',
  AI_MODEL: 'unused',
} as const;

export interface OwnServer {
  /** `http://<host>:<port>`, also the server's PUBLIC_URL unless `env` says otherwise. */
  base: string;
  port: string;
  /** Stops the server and removes its data directory. */
  stop: () => Promise<void>;
}

interface OwnServerOptions {
  /** Names the data directory (`draftsmith-e2e-<name>-…` in the system's temporary folder). */
  name: string;
  /** Added to the defaults, or overriding them. */
  env?: Record<string, string>;
  /** The host name of `base` (e.g. `localhost` where the browser needs a secure context). */
  host?: string;
}

/**
 * A spec's own app server on a free port with a fresh data directory: HOST=127.0.0.1, PUBLIC_URL its
 * `base`, the auth rate limits off, then `env`.
 */
export async function startOwnServer({
  name,
  env = {},
  host = '127.0.0.1',
}: OwnServerOptions): Promise<OwnServer> {
  const port = String(await freePort());
  const base = `http://${host}:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `draftsmith-e2e-${name}-`));
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const server = await startAppServer({
      port,
      dataDir,
      env: {
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        AUTH_RATE_LIMIT_PER_IP: '0',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '0',
        ...env,
      },
    });
    return {
      base,
      port,
      stop: async () => {
        await server.stop();
        removeData();
      },
    };
  } catch (err) {
    removeData();
    throw err;
  }
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  exited: Promise<number | null>,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  let done = false;
  void exited.then(() => {
    done = true;
  });
  while (Date.now() < deadline) {
    if (done) throw new Error(`The app server exited (code ${child.exitCode}) before it became healthy`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`The app server did not answer ${url} within ${timeoutMs} ms`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  const timeout = new Promise((resolve) => setTimeout(resolve, 10_000, 'timeout'));
  if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
}
