/**
 * Where the server's memory goes (issue 15): the built server (dist/server/server.js) started as
 * `npm start` starts it, with a remote provider and no traffic, on a fresh data directory, on the same
 * directory again, and on PostgreSQL (a cluster of the bench's own). For each: the time until
 * /api/health answers, the peak resident memory while starting (VmHWM), and after a rest of
 * MEMORY_REST_MS (10 s) the resident memory and its split as the process reports it in /metrics (V8 heap,
 * external memory: PGlite's WebAssembly memory and buffers). Run: `npm run bench:memory`.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, spawnServer } from '#bench/scale/instances';
import { startPostgresCluster } from '#bench/scale/postgres-cluster';
import { freePort } from '#tests/helpers/free-port';

const REST_MS = Number(process.env.MEMORY_REST_MS ?? 10_000);
const MB = 1024 * 1024;

interface Figures {
  scenario: string;
  startMs: number;
  peakMb: number;
  restMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

/** VmRSS and VmHWM of a process, in MiB, from /proc (Linux). */
function residentMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** One value of the process's own Prometheus metrics (prom-client's default process and Node metrics). */
function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
}

async function measure(scenario: string, env: Record<string, string>): Promise<Figures> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawnServer(
    port,
    {
      // A remote provider that is never called: the local model's library and file are not loaded.
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'bench',
      ...env,
    },
    ['ignore', 'ignore', 'inherit'],
  );
  const exited = once(child, 'exit');
  try {
    const url = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${scenario}: the server exited with ${child.exitCode}`);
      const ok = await fetch(`${url}/api/health`)
        .then((res) => res.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const startMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    const { rss, peak } = residentMemory(child.pid ?? 0);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    return {
      scenario,
      startMs,
      peakMb: peak,
      restMb: rss,
      heapUsedMb: metric(metrics, 'draftsmith_nodejs_heap_size_used_bytes') / MB,
      heapTotalMb: metric(metrics, 'draftsmith_nodejs_heap_size_total_bytes') / MB,
      externalMb: metric(metrics, 'draftsmith_nodejs_external_memory_bytes') / MB,
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const round = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '—');

ensureBuild();
const dir = mkdtempSync(join(tmpdir(), 'draftsmith-memory-'));
const results: Figures[] = [];
try {
  const dataDir = join(dir, 'data');
  results.push(await measure('PGlite, fresh data directory', { DATA_DIR: dataDir }));
  results.push(await measure('PGlite, existing data directory', { DATA_DIR: dataDir }));
  const cluster = await startPostgresCluster();
  try {
    results.push(
      await measure('PostgreSQL (DATABASE_URL)', {
        DATA_DIR: join(dir, 'pg-data'),
        DATABASE_URL: cluster.url,
      }),
    );
  } finally {
    await cluster.destroy();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nMemory (MiB) after ${REST_MS / 1000} s at rest, remote provider, no traffic; Node ${process.version}\n`,
);
console.log(
  '| Scenario | Start (ms) | Peak RSS while starting | RSS at rest | V8 heap used / total | External (WASM, buffers) |',
);
console.log('| --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.scenario} | ${round(r.startMs)} | ${round(r.peakMb)} | ${round(r.restMb)} | ${round(r.heapUsedMb)} / ${round(r.heapTotalMb)} | ${round(r.externalMb)} |`,
  );
}
