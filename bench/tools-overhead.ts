/**
 * What Draftsmith adds on top of the model: the same streamed request sent straight to a fake
 * OpenAI-compatible provider and through Draftsmith (auth, validation, generation, SSE, history write),
 * then 100 concurrent streams. The fake provider, Draftsmith and this client run as three processes, as
 * they would in production. Loopback only, bounded in count. Run: `npm run bench`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { createUser } from '#tests/factories/user';
import { startFakeOpenAi } from '#tests/fakes/openai-server';
import { createTestApp } from '#tests/helpers/test-app';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 250);
/** PostgreSQL when TEST_DATABASE_URL is set (the history write then runs out of process), else PGlite. */
const DATABASE =
  process.env.BENCH_DATABASE === 'pglite' || !process.env.TEST_DATABASE_URL ? 'pglite' : 'postgres';
const WARMUP = 30;
const CONCURRENT = 100;
const WORDS = Array.from({ length: 20 }, (_, i) => `token${i} `);
/** Spacing of the fake's tokens: a fast provider (500 tokens/s), so each token travels on its own. */
const TOKEN_GAP_MS = 2;

interface Timing {
  ttft: number;
  total: number;
  ok: boolean;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT + 10 });

/** POSTs and times the first chunk containing `marker` and the end of the response. */
function timed(url: string, headers: Record<string, string>, body: unknown, marker: string): Promise<Timing> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const start = performance.now();
    let ttft = -1;
    let text = '';
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (ttft < 0 && text.includes(marker)) ttft = performance.now() - start;
        });
        res.on('end', () => {
          const ok = res.statusCode === 200 && ttft >= 0 && !text.includes('event: error');
          resolve({
            ttft,
            total: performance.now() - start,
            ok: ok && (marker !== 'event: delta' || text.includes('event: done')),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const fmt = (ms: number) => `${ms.toFixed(2)} ms`.padStart(10);

/** Child process roles: `fake` serves the provider, `app` serves Draftsmith; each prints its details. */
async function serve(role: string, fakeUrl?: string) {
  const fake = role === 'fake' ? await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: TOKEN_GAP_MS }) : null;
  if (fake) return console.log(JSON.stringify({ url: fake.url }));
  const t = await createTestApp(DATABASE, {
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fakeUrl,
    AI_MODEL: 'bench-model',
    // One user sends every request, CONCURRENT of them at once: lift the per-user limits.
    AI_MAX_IN_FLIGHT_PER_USER: String(CONCURRENT),
    AI_RATE_LIMIT_PER_USER: '0',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app);
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  console.log(JSON.stringify({ url, authorization: user.headers.authorization }));
  // CPU time per request does not depend on how busy the machine is, unlike the latencies.
  let requests = 0;
  t.app.server.on('request', () => requests++);
  const cpuStart = process.cpuUsage();
  process.on('SIGTERM', () => {
    const cpu = process.cpuUsage(cpuStart);
    const ms = (cpu.user + cpu.system) / 1000;
    console.log(
      `\nDraftsmith process: ${requests} requests, CPU ${ms.toFixed(0)} ms, ${(ms / requests).toFixed(2)} ms per request`,
    );
    void t.close().then(() => process.exit(0));
  });
}

async function child(...args: string[]): Promise<{ process: ChildProcess; info: Record<string, string> }> {
  // BENCH_NODE_ARGS passes flags to the server processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...nodeArgs, new URL(import.meta.url).pathname, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
  });
  const lines = createInterface({ input: proc.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.on('line', (later) => console.log(later));
  return { process: proc, info: JSON.parse(line) };
}

async function main() {
  const fakeChild = await child('--serve', 'fake');
  const appChild = await child('--serve', 'app', fakeChild.info.url!);
  const fake = { url: fakeChild.info.url! };
  const base = appChild.info.url!;
  const user = { headers: { authorization: appChild.info.authorization! } };

  const direct = () =>
    timed(
      `${fake.url}/chat/completions`,
      { accept: 'text/event-stream' },
      {
        model: 'bench-model',
        stream: true,
        stream_options: { include_usage: true },
        messages: [
          { role: 'system', content: 'You are a writer.' },
          { role: 'user', content: 'Write about benchmarks' },
        ],
      },
      '"content"',
    );
  const proxied = () =>
    timed(
      `${base}/api/generate-article`,
      { ...user.headers, accept: 'text/event-stream' },
      { topic: 'Write about benchmarks' },
      'event: delta',
    );

  for (let i = 0; i < WARMUP; i++) {
    await direct();
    await proxied();
  }
  const straight: Timing[] = [];
  const through: Timing[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    straight.push(await direct()); // interleaved, so machine-load drift hits both alike
    through.push(await proxied());
  }
  const failed = [...straight, ...through].filter((r) => !r.ok).length;

  const row = (name: string, runs: Timing[], key: 'ttft' | 'total') =>
    `${name.padEnd(22)} median ${fmt(
      percentile(
        runs.map((r) => r[key]),
        50,
      ),
    )}   p95 ${fmt(
      percentile(
        runs.map((r) => r[key]),
        95,
      ),
    )}`;
  console.log(
    `\n${REQUESTS} sequential streamed requests each (${WORDS.length} chunks, database ${DATABASE}), ${failed} failed`,
  );
  for (const key of ['ttft', 'total'] as const) {
    const label = key === 'ttft' ? 'time to first token' : 'total time';
    console.log(`\n${label}`);
    console.log(row('  straight to provider', straight, key));
    console.log(row('  through Draftsmith', through, key));
    const a = percentile(
      straight.map((r) => r[key]),
      50,
    );
    const b = percentile(
      through.map((r) => r[key]),
      50,
    );
    console.log(`  overhead (median)      ${fmt(b - a)}   ratio ${(b / a).toFixed(2)}x`);
  }

  const started = performance.now();
  const burst = await Promise.allSettled(Array.from({ length: CONCURRENT }, () => proxied()));
  const errors = burst.filter((r) => r.status === 'rejected' || !r.value.ok).length;
  const ttfts = burst.flatMap((r) => (r.status === 'fulfilled' ? [r.value.ttft] : []));
  console.log(
    `\n${CONCURRENT} concurrent streams through Draftsmith: ${CONCURRENT - errors} ok, ${errors} errors, ` +
      `all done in ${fmt(performance.now() - started)}, TTFT median ${fmt(percentile(ttfts, 50))} p95 ${fmt(percentile(ttfts, 95))}`,
  );

  agent.destroy();
  appChild.process.kill('SIGTERM');
  fakeChild.process.kill('SIGTERM');
  await once(appChild.process, 'exit');
  await new Promise((resolve) => setImmediate(resolve));
  if (failed > 0 || errors > 0) process.exitCode = 1;
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!, process.argv[4]);
else await main();
