import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface AppServer {
  stop: () => Promise<void>;
}

interface StartOptions {
  port: string;
  dataDir: string;
  env: Record<string, string>;
  timeoutMs?: number;
}

/** Builds if the sources changed (as `npm start` does), then runs `node dist/server/server.js`. */
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
  const child = spawn(process.execPath, ['dist/server/server.js'], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: port, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, exited, timeoutMs);
  return { stop: () => stopChild(child, exited) };
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
