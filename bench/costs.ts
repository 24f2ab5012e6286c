/**
 * `npm run bench:costs`: what each request costs the server as the work grows (issue 15), against the
 * built server (dist/server/server.js, one process) with a remote provider pointed at the fake
 * OpenAI-compatible model (a process of its own), on PGlite and on PostgreSQL (a cluster of its own):
 * - memory per open stream from 0 to 1,000 concurrent streams (the model's tokens 50 ms apart), and
 *   whether they all complete;
 * - CPU per streamed generation of 500 tokens, one at a time and several at once, and so how many one
 *   core completes per second;
 * - authenticated history reads (a user with 1,000 chats, the first page of 50) against the repository's
 *   bare SELECT through the same driver on the same data (target ≥ 60 % of its rate);
 * - start time on a fresh and on an existing data directory (bench/memory.ts's measurement).
 * Prints Markdown tables; `--write` puts them into bench/README.md. COSTS_QUICK=1 shortens every part;
 * SCALE_SKIP_BUILD=1 uses dist/ as it is. Exits 1 when a stream did not complete or a read failed.
 */

import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureServer } from '#bench/memory/server-memory';
import { createCleanups } from '#bench/scale/cleanups';
import { startFakeModelProcess } from '#bench/scale/fake-model';
import { createInstance, ensureBuild } from '#bench/scale/instances';
import { agent } from '#bench/scale/load';
import { startPostgresCluster } from '#bench/scale/postgres-cluster';
import { machine, writeResults } from '#bench/scale/report';
import type { DatabaseTarget } from '#server/db/client';
import { type BareDatabase, bareReads } from './costs/bare-reads.ts';
import { measureGenerationCpu } from './costs/generation-cpu.ts';
import { httpReads } from './costs/history-reads.ts';
import { type CostResults, type DatabaseCosts, READ_TARGET, renderCosts } from './costs/report.ts';
import { PAGE, seed } from './costs/seed.ts';
import { rampStreams } from './costs/streams.ts';

const QUICK = Boolean(process.env.COSTS_QUICK);
const RUN = {
  levels: QUICK ? [10, 100, 250] : [10, 100, 250, 500, 1000],
  /** The open streams' answer: long enough to outlast the ramp (600 × 50 ms = 30 s at the least). */
  streamTokens: QUICK ? 300 : 600,
  tokenGapMs: 50,
  settleMs: 1_000,
  /** Generations of 500 tokens: one at a time, then `concurrency` at once. */
  sequential: QUICK ? 8 : 20,
  concurrent: QUICK ? 24 : 80,
  concurrency: 8,
  readConnections: 10,
  readSeconds: QUICK ? 4 : 10,
};
/** Generations one account may run at once (AI_MAX_IN_FLIGHT_PER_USER); the streams spread over accounts. */
const PER_ACCOUNT = 50;
const words = (n: number) => Array.from({ length: n }, (_, i) => `token${i} `);
const STREAM_WORDS = words(RUN.streamTokens);
const CPU_WORDS = words(500);
const README = fileURLToPath(new URL('./README.md', import.meta.url));
const SECRET = 'bench-costs-secret-0123456789abcdefghijklmnop';

const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const cleanups = createCleanups('bench', () => agent.destroy());

async function main(): Promise<boolean> {
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), 'draftsmith-costs-'));
  cleanups.add(() => rmSync(dir, { recursive: true, force: true }));

  log('start times (bench/memory.ts)');
  const startDir = join(dir, 'start');
  const starts = [
    await measureServer('fresh PGlite data directory', { DATA_DIR: startDir }, 1_000),
    await measureServer('existing PGlite data directory', { DATA_DIR: startDir }, 1_000),
  ];

  const fake = await startFakeModelProcess({ chunks: CPU_WORDS });
  cleanups.add(() => fake.stop());

  const databases: DatabaseCosts[] = [];
  const pglite = join(dir, 'pglite-server', 'pglite');
  // The server holds its data directory: the bare query reads a copy made before it started.
  const copy = join(dir, 'pglite-copy');
  databases.push(
    await measureDatabase('PGlite', dir, fake, { kind: 'pglite', dataDir: pglite }, {}, null, {
      kind: 'pglite',
      dataDir: copy,
    }),
  );

  log('starting PostgreSQL');
  const cluster = await startPostgresCluster();
  cleanups.add(() => cluster.destroy());
  databases.push(
    await measureDatabase(
      'PostgreSQL',
      dir,
      fake,
      { kind: 'postgres', url: cluster.url },
      { DATABASE_URL: cluster.url },
      cluster.postmasterPid(),
      { kind: 'postgres', url: cluster.url },
    ),
  );

  const results: CostResults = {
    machine: machine(),
    quick: QUICK,
    starts,
    streamModel:
      `the fake model's answer ${RUN.streamTokens} tokens ${RUN.tokenGapMs} ms apart, ` +
      `${PER_ACCOUNT} streams per account`,
    readConnections: RUN.readConnections,
    readSeconds: RUN.readSeconds,
    databases,
  };
  const markdown = renderCosts(results);
  console.log(`\n${markdown}\n`);
  if (process.argv.includes('--write')) {
    writeResults(README, markdown, 'costs-results');
    log(`results written to ${README}`);
  }
  for (const d of databases) {
    const ratio = d.reads.api.perSecond / d.reads.bare.perSecond;
    if (ratio < READ_TARGET)
      console.error(`${d.database}: history reads at ${Math.round(ratio * 100)} % of bare`);
  }
  return databases.every(
    (d) =>
      d.streams.levels.every((l) => l.complete === l.level) &&
      d.cpu.every((c) => c.failed === 0) &&
      d.reads.api.errors === 0,
  );
}

/** Seeds the database, starts the server on it and measures the streams, the CPU and the reads. */
async function measureDatabase(
  name: string,
  dir: string,
  fake: Awaited<ReturnType<typeof startFakeModelProcess>>,
  target: DatabaseTarget,
  env: Record<string, string>,
  databasePid: number | null,
  bareDatabase: BareDatabase,
): Promise<DatabaseCosts> {
  log(`${name}: seeding the accounts and 1,000 chats`);
  const streamers = Math.ceil(RUN.levels.at(-1)! / PER_ACCOUNT);
  if (target.kind === 'pglite' && target.dataDir) mkdirSync(dirname(target.dataDir), { recursive: true });
  const seeded = await seed(target, streamers, SECRET);
  if (target.kind === 'pglite' && target.dataDir && bareDatabase.kind === 'pglite')
    cpSync(target.dataDir, bareDatabase.dataDir, { recursive: true });
  const bearers = seeded.streamers.map((s) => s.token);

  const instance = await createInstance(`${name.toLowerCase()}-server`, dir, {
    ...env,
    BETTER_AUTH_SECRET: SECRET,
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-model',
    AI_MAX_RETRIES: '0',
    AI_RATE_LIMIT_PER_USER: '0',
    AI_MAX_IN_FLIGHT_PER_USER: String(PER_ACCOUNT),
    FREE_GENERATIONS_PER_MONTH: '1000000',
  });
  cleanups.add(() => instance.kill('SIGKILL'));
  await instance.start();
  const pid = instance.pid!;
  const { url } = instance;

  // Warm-up: the provider's modules load on the first generation.
  await fake.setReply({ chunks: CPU_WORDS });
  await measureGenerationCpu({
    url,
    pid,
    databasePid,
    bearers,
    expectedText: CPU_WORDS.join(''),
    pace: 'warm-up',
    count: 10,
    concurrency: 2,
  });

  log(`${name}: ramping up to ${RUN.levels.at(-1)} open streams`);
  await fake.setReply({ chunks: STREAM_WORDS, chunkDelayMs: RUN.tokenGapMs });
  await new Promise((resolve) => setTimeout(resolve, RUN.settleMs));
  const streams = await rampStreams({
    url,
    pid,
    bearers,
    expectedText: STREAM_WORDS.join(''),
    levels: RUN.levels,
    settleMs: RUN.settleMs,
    timeoutMs: 300_000,
  });
  for (const l of streams.levels)
    log(
      `  ${l.level} streams: ${l.open} open when read, RSS ${l.rssMb.toFixed(0)} MiB, ${l.complete} complete`,
    );

  log(`${name}: CPU per generation of 500 tokens`);
  const cpu = [];
  for (const [gap, pace] of [
    [0, 'at once (no gap)'],
    [1, '1 ms apart'],
  ] as const) {
    await fake.setReply({ chunks: CPU_WORDS, chunkDelayMs: gap });
    for (const [count, concurrency] of [
      [RUN.sequential, 1],
      [RUN.concurrent, RUN.concurrency],
    ]) {
      const c = await measureGenerationCpu({
        url,
        pid,
        databasePid,
        bearers,
        expectedText: CPU_WORDS.join(''),
        pace,
        count: count!,
        concurrency: concurrency!,
      });
      log(`  ${pace}, ${concurrency} at once: ${c.serverMs.toFixed(1)} ms server CPU per generation`);
      cpu.push(c);
    }
  }

  log(`${name}: history reads, the API then the bare query`);
  const api = await httpReads({
    url,
    pid,
    databasePid,
    uid: seeded.reader.uid,
    token: seeded.reader.token,
    page: PAGE,
    connections: RUN.readConnections,
    seconds: RUN.readSeconds,
  });
  const bare = await bareReads({
    database: bareDatabase,
    databasePid,
    ...seeded.pageSql,
    concurrency: RUN.readConnections,
    seconds: RUN.readSeconds,
  });
  log(`  API ${api.perSecond.toFixed(0)}/s, bare ${bare.perSecond.toFixed(0)}/s`);

  await instance.kill('SIGTERM');
  return { database: name, streams, cpu, reads: { api, bare } };
}

try {
  const ok = await main();
  if (!ok) {
    console.error('Some streams did not complete, or reads failed: see above.');
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
