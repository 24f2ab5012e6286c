import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';

import { startScriptNodeFlags } from '#bench/scale/instances';
import { freePort } from '#tests/helpers/free-port';

export interface Served {
  origin: string;
  kind: 'app server' | 'static fallback';
  stop: () => Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

/**
 * Copies dist/ to .tmp/audit/dist so builds started by others during the audit cannot change what is
 * measured, and pre-compresses it as `npm run build` does if the copy lacks the .gz/.br files.
 */
export function snapshotBuild(): string {
  const target = resolve('.tmp/audit/dist');
  rmSync(target, { recursive: true, force: true });
  cpSync('dist', target, { recursive: true });
  const assets = join(target, 'web', 'assets');
  const compressed = existsSync(assets) && readdirSync(assets).some((name) => name.endsWith('.gz'));
  if (!compressed && existsSync('scripts/compress-web.mjs')) {
    const run = spawnSync(process.execPath, [resolve('scripts/compress-web.mjs')], {
      cwd: resolve('.tmp/audit'),
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error('pre-compressing the snapshot failed');
  }
  return target;
}

/** The real server (`node <npm start's flags> <dist>/server/server.js`) on a free port with a throw-away DATA_DIR. */
async function startAppServer(distDir: string): Promise<Served> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-audit-'));
  const child = spawn(process.execPath, [...startScriptNodeFlags(), join(distDir, 'server', 'server.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      // The pages audited make no AI calls; an unreachable compatible endpoint keeps any model download away.
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'audit',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${origin}/api/health`, child, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, kind: 'app server', stop };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
};

/** Fallback while the server is not built: dist/web with SPA routing and the pre-compressed gzip files. */
async function startStaticServer(webDir: string): Promise<Served> {
  const port = await freePort();
  const server = createHttpServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/'));
    let file = join(webDir, path);
    if (!file.startsWith(webDir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(webDir, 'index.html');
    }
    const gzipped = `${file}.gz`;
    const useGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'])) && existsSync(gzipped);
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(useGzip ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(readFileSync(useGzip ? gzipped : file));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    kind: 'static fallback',
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function serveBuild(distDir: string): Promise<Served> {
  return existsSync(join(distDir, 'server', 'server.js'))
    ? startAppServer(distDir)
    : startStaticServer(join(distDir, 'web'));
}
