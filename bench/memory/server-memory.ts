import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { spawnServer } from '#bench/scale/instances';
import { freePort } from '#tests/helpers/free-port';

const MB = 1024 * 1024;

/** One start of the built server and its memory after a rest, in MiB (start in ms). */
export interface ServerMemory {
  scenario: string;
  startMs: number;
  peakMb: number;
  restMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

/** VmRSS and VmHWM of a process, in MiB, from /proc (Linux). */
export function residentMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

/** One value of the process's own Prometheus metrics (prom-client's default process and Node metrics). */
export function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').at(-1)) : Number.NaN;
}

/** The V8 heap and external memory a server reports at GET /metrics, in MiB. */
export async function heapFigures(url: string): Promise<{ used: number; total: number; external: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return {
    used: metric(text, 'draftsmith_nodejs_heap_size_used_bytes') / MB,
    total: metric(text, 'draftsmith_nodejs_heap_size_total_bytes') / MB,
    external: metric(text, 'draftsmith_nodejs_external_memory_bytes') / MB,
  };
}

/**
 * Starts the built server as `npm start` does, with a remote provider that is never called and `env` on
 * top: the time until /api/health answers, the peak resident memory while starting, and after `restMs`
 * the resident memory and its split; then stops it.
 */
export async function measureServer(
  scenario: string,
  env: Record<string, string>,
  restMs: number,
): Promise<ServerMemory> {
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
    await new Promise((resolve) => setTimeout(resolve, restMs));
    const { rss, peak } = residentMemory(child.pid ?? 0);
    const heap = await heapFigures(url);
    return {
      scenario,
      startMs,
      peakMb: peak,
      restMb: rss,
      heapUsedMb: heap.used,
      heapTotalMb: heap.total,
      externalMb: heap.external,
    };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
