import { type ChildProcess, type StdioOptions, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '#tests/helpers/free-port';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** One Draftsmith server process (the build: dist/server/server.js), stopped and started by the suite. */
export interface Instance {
  name: string;
  /** `127.0.0.1:<port>`, as the proxy's upstream names it. */
  address: string;
  url: string;
  readonly running: boolean;
  /** The running process's id (for /proc), null before the first start. */
  readonly pid: number | null;
  /** Starts the process; resolves once /api/health answers 200. */
  start(): Promise<void>;
  /** Sends a signal (SIGKILL: a crash; SIGTERM: a graceful shutdown) and resolves when the process is gone. */
  kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<number | null>;
}

/** Builds the app if the sources changed (as `npm start` does); SCALE_SKIP_BUILD=1 uses dist/ as it is. */
export function ensureBuild(): void {
  if (process.env.SCALE_SKIP_BUILD) return;
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('Building the app failed (npm run build)');
}

/** The Node flags `npm start` gives the server (package.json's start script, ADR 0023). */
export function startScriptNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const flags = /\bnode((?: --[^\s]+)*) dist\/server\/server\.js/.exec(scripts.start ?? '')?.[1];
  if (flags === undefined) throw new Error('package.json start script: no `node … dist/server/server.js`');
  return flags.split(' ').filter(Boolean);
}

/**
 * The Node flags a benchmark's server gets: npm start's, so it measures the process as it runs;
 * BENCH_NODE_FLAGS replaces them for an experiment ("" for none).
 */
export function serverNodeFlags(): string[] {
  const override = process.env.BENCH_NODE_FLAGS;
  return override === undefined ? startScriptNodeFlags() : override.split(' ').filter(Boolean);
}

/**
 * The built server (dist/server/server.js) as `npm start` runs it, in production mode on loopback `port`,
 * logging warnings only, with `env` on top (DATA_DIR, the database, the provider…).
 */
export function spawnServer(port: number, env: Record<string, string>, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, [...serverNodeFlags(), 'dist/server/server.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio,
  });
}

/**
 * A server process on a free loopback port with its own DATA_DIR under `dir` (its log beside it), and
 * `env` (the shared database, Redis, secret, UPLOADS_DIR, provider). Restartable on the same port.
 */
export async function createInstance(
  name: string,
  dir: string,
  env: Record<string, string>,
): Promise<Instance> {
  const port = await freePort();
  const dataDir = join(dir, name);
  mkdirSync(dataDir, { recursive: true });
  let child: ChildProcess | null = null;
  let exit: Promise<number | null> = Promise.resolve(null);

  const instance: Instance = {
    name,
    address: `127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    get pid() {
      return child?.pid ?? null;
    },
    async start() {
      const log = openSync(join(dir, `${name}.log`), 'a');
      const proc = spawnServer(port, { DATA_DIR: dataDir, ...env }, ['ignore', log, log]);
      closeSync(log);
      child = proc;
      exit = new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
      await waitForHealth(instance.url, proc, join(dir, `${name}.log`));
    },
    async kill(signal) {
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return proc?.exitCode ?? null;
      proc.kill(signal);
      return exit;
    },
  };
  return instance;
}

async function waitForHealth(url: string, proc: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`The instance at ${url} exited at start (see ${log})`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`The instance at ${url} was not healthy within 60 s (see ${log})`);
}
