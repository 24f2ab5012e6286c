/**
 * Where the server's memory goes (issue 15): the built server (dist/server/server.js) started as
 * `npm start` starts it, with a remote provider and no traffic, on a fresh data directory, on the same
 * directory again, and on PostgreSQL (a cluster of the bench's own). For each: the time until
 * /api/health answers, the peak resident memory while starting (VmHWM), and after a rest of
 * MEMORY_REST_MS (10 s) the resident memory and its split as the process reports it in /metrics (V8 heap,
 * external memory: PGlite's WebAssembly memory and buffers). Run: `npm run bench:memory`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild } from '#bench/scale/instances';
import { startPostgresCluster } from '#bench/scale/postgres-cluster';
import { measureServer, type ServerMemory } from './memory/server-memory.ts';

const REST_MS = Number(process.env.MEMORY_REST_MS ?? 10_000);

const measure = (scenario: string, env: Record<string, string>) => measureServer(scenario, env, REST_MS);

const round = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '—');

ensureBuild();
const dir = mkdtempSync(join(tmpdir(), 'draftsmith-memory-'));
const results: ServerMemory[] = [];
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
