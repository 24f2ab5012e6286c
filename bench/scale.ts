/**
 * `npm run bench:scale`: Draftsmith as three stateless instances (the built server, one process each)
 * on PostgreSQL and Redis behind nginx (round robin, no sticky sessions), against the fake
 * OpenAI-compatible model with a fixed delay per chunk, all started here on loopback:
 * - the time to first token one call at a time, through nginx to one instance and to three, against a
 *   bare pass-through behind the same nginx (what the server adds over the model's own);
 * - throughput of authenticated history reads and of complete streamed generations through one
 *   instance, then three (autocannon), with p50/p99 latency and errors;
 * - 1,000 streams open at once over many accounts: all must complete and be saved;
 * - faults while load runs: a PostgreSQL outage, a Redis restart, an instance killed (SIGKILL) and one
 *   drained (SIGTERM), each then started again. Every call is counted: succeeded, failed clearly (the
 *   API's error shape, an SSE `error` event, a closed stream), failed unclearly (anything else, or a
 *   hang), and the chats lost (a stream that got `done` whose chat is not saved as streamed).
 * The figures are printed and written into bench/README.md. PostgreSQL and Redis are the suite's own
 * (temporary cluster and server on free ports), never the machine's. SCALE_QUICK=1 shortens every
 * part (about 2 minutes instead of 5); SCALE_SKIP_BUILD=1 uses dist/ as it is.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPassThrough } from '#bench/overhead/pass-through';
import { createCleanups } from '#bench/scale/cleanups';
import type { FakeReply } from '#tests/fakes/openai-server';
import { freePort } from '#tests/helpers/free-port';
import { type Account, signUpAccount } from './scale/client.ts';
import { startFakeModelProcess } from './scale/fake-model.ts';
import { measureFirstToken } from './scale/first-token.ts';
import { createInstance, ensureBuild, type Instance } from './scale/instances.ts';
import {
  agent,
  checkSaved,
  concurrentStreams,
  measureThroughput,
  type StreamRecord,
  startSteadyLoad,
  type Throughput,
} from './scale/load.ts';
import { startNginx } from './scale/nginx.ts';
import { startPostgresCluster } from './scale/postgres-cluster.ts';
import { startRedisServer } from './scale/redis-server.ts';
import { machine, type PhaseCounts, renderResults, tally, writeResults } from './scale/report.ts';

const QUICK = Boolean(process.env.SCALE_QUICK);
const RUN = {
  accounts: QUICK ? 100 : 200,
  concurrent: QUICK ? 300 : 1000,
  throughputSeconds: QUICK ? 4 : 10,
  /** Sequential calls down each path for the time to first token. */
  firstTokenRequests: QUICK ? 100 : 200,
  /** Load before a fault, and after the service came back. */
  beforeMs: QUICK ? 3_000 : 5_000,
  afterMs: QUICK ? 5_000 : 10_000,
  postgresOutageMs: QUICK ? 5_000 : 20_000,
  redisOutageMs: QUICK ? 2_000 : 5_000,
  killedForMs: 3_000,
  /** The steady load during the faults: streaming clients and history readers. */
  streams: 24,
  reads: 6,
};
/** Each account may run this many generations at once (AI_MAX_IN_FLIGHT_PER_USER). */
const PER_ACCOUNT = 5;
const WORDS = Array.from({ length: 20 }, (_, i) => `token${i} `);
const FULL_TEXT = WORDS.join('');
const REPLIES = {
  firstToken: { chunks: WORDS, chunkDelayMs: 2 },
  throughput: { chunks: WORDS, chunkDelayMs: 10 },
  concurrent: { chunks: WORDS, chunkDelayMs: 250 },
  faults: { chunks: WORDS, chunkDelayMs: 100 },
} satisfies Record<string, FakeReply>;
const README = fileURLToPath(new URL('./README.md', import.meta.url));

const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups = createCleanups('suite', () => agent.destroy());

async function main() {
  ensureBuild();
  const dir = mkdtempSync(join(tmpdir(), 'draftsmith-scale-'));
  cleanups.add(() => rmSync(dir, { recursive: true, force: true }));

  log('starting PostgreSQL, Redis and the fake model');
  const postgres = await startPostgresCluster();
  cleanups.add(() => postgres.destroy());
  const redis = await startRedisServer();
  cleanups.add(() => redis.destroy());
  const fake = await startFakeModelProcess(REPLIES.throughput);
  cleanups.add(() => fake.stop());

  // The instances' PUBLIC_URL is the proxy of the three (the other proxy serves only the first).
  const proxyPort = await freePort();
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: 'loopback',
    UPLOADS_DIR: join(dir, 'uploads'),
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'fake-model',
    AI_MAX_RETRIES: '0',
    SHUTDOWN_GRACE_MS: '15000',
    // The load is many accounts from one address: the per-IP and per-account limits are off or raised.
    AUTH_RATE_LIMIT_PER_IP: '0',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '0',
    AI_RATE_LIMIT_PER_USER: '0',
    AI_MAX_IN_FLIGHT_PER_USER: String(PER_ACCOUNT),
    FREE_GENERATIONS_PER_MONTH: '1000000',
    HISTORY_MAX_CHATS_PER_USER: '0',
    HISTORY_MAX_BYTES_PER_USER: '0',
    HISTORY_RATE_LIMIT_PER_USER: '0',
  };
  const instances = await Promise.all(['a', 'b', 'c'].map((name) => createInstance(name, dir, env)));
  cleanups.add(() => Promise.all(instances.map((i) => i.kill('SIGKILL'))));
  const all = await startNginx({ upstreams: instances.map((i) => i.address), port: proxyPort });
  cleanups.add(() => all.stop());
  const single = await startNginx({ upstreams: [instances[0]!.address] });
  cleanups.add(() => single.stop());
  log('starting three instances (the first runs the migrations)');
  await instances[0]!.start();
  await Promise.all(instances.slice(1).map((i) => i.start()));

  log(`signing up ${RUN.accounts} accounts through the proxy`);
  const accounts = await signUpAccounts(all.url, RUN.accounts);

  log('time to first token, one call at a time: one instance, three, and a pass-through');
  const passThrough = await startPassThrough(fake.url);
  cleanups.add(() => passThrough.close());
  const passThroughProxy = await startNginx({ upstreams: [new URL(passThrough.url).host] });
  cleanups.add(() => passThroughProxy.stop());
  await fake.setReply(REPLIES.firstToken);
  const firstToken = await measureFirstToken({
    modelUrl: fake.url,
    passThroughUrl: `${passThroughProxy.url}${new URL(fake.url).pathname}`,
    oneUrl: single.url,
    threeUrl: all.url,
    accounts,
    requests: RUN.firstTokenRequests,
  });
  await passThroughProxy.stop();
  await passThrough.close();
  await fake.setReply(REPLIES.throughput);

  const throughput = await measureAll(single.url, all.url, accounts);

  log(`${RUN.concurrent} concurrent streams`);
  await fake.setReply(REPLIES.concurrent);
  const concurrent = await runConcurrent(all.url, accounts);

  await fake.setReply(REPLIES.faults);
  const [, b, c] = instances as [Instance, Instance, Instance];
  const faults: PhaseCounts[] = [];
  const phase = async (name: string, fault: () => Promise<void>) => {
    log(`fault: ${name}`);
    const load = startSteadyLoad(all.url, accounts, { ...RUN, streamTimeoutMs: 120_000 });
    await sleep(RUN.beforeMs);
    const window = { start: performance.now(), end: 0 };
    await fault();
    window.end = performance.now();
    await sleep(RUN.afterMs);
    const records = await load.stop();
    const streams = records.filter((r): r is StreamRecord => r.kind === 'stream');
    const counts = tally(name, records, await checkSaved(all.url, streams, FULL_TEXT), window);
    log(
      `  ${counts.sent} sent, ${counts.succeeded} ok, ${counts.failedClearly} failed clearly, ` +
        `${counts.failedUnclearly} unclearly, ${counts.chatsLost} chats lost`,
    );
    faults.push(counts);
  };
  await phase(`PostgreSQL stopped for ${RUN.postgresOutageMs / 1000} s, then started`, async () => {
    await postgres.stop();
    await sleep(RUN.postgresOutageMs);
    await postgres.start();
  });
  await phase(`Redis stopped for ${RUN.redisOutageMs / 1000} s (its data lost), then started`, async () => {
    await redis.stop();
    await sleep(RUN.redisOutageMs);
    await redis.start();
  });
  await phase('one instance killed (SIGKILL) mid-stream, started again', async () => {
    await b.kill('SIGKILL');
    await sleep(RUN.killedForMs);
    await b.start();
  });
  await phase('one instance drained (SIGTERM), started again', async () => {
    await c.kill('SIGTERM');
    await c.start();
  });

  const results = {
    machine: machine(),
    quick: QUICK,
    model:
      `${WORDS.length} chunks, ${REPLIES.throughput.chunkDelayMs} ms apart for the throughput, ` +
      `${REPLIES.concurrent.chunkDelayMs} ms for the concurrent streams (each open ~5 s), ` +
      `${REPLIES.faults.chunkDelayMs} ms under the faults`,
    firstToken,
    throughput,
    concurrent,
    faults,
  };
  const markdown = renderResults(results);
  console.log(`\n${markdown}\n`);
  writeResults(README, markdown);
  log(`results written to ${README}`);

  const bad =
    [throughput.history, throughput.stream].flat().some((t) => t.errors > 0) ||
    Object.values(firstToken).some((path) => typeof path === 'object' && path.failed > 0) ||
    concurrent.succeeded !== concurrent.sent ||
    concurrent.chatsLost > 0 ||
    faults.some((f) => f.failedUnclearly > 0 || f.chatsLost > 0 || f.halfWritten > 0);
  if (bad) {
    console.error('Some calls failed unclearly, or chats were lost: see above.');
    process.exitCode = 1;
  }
}

async function signUpAccounts(base: string, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  const worker = async () => {
    while (accounts.length < count) {
      accounts.push(await signUpAccount(base, { agent }));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return accounts.slice(0, count);
}

async function measureAll(oneUrl: string, threeUrl: string, accounts: Account[]) {
  const seconds = RUN.throughputSeconds;
  const run = async (kind: 'history' | 'stream', url: string, label: string) => {
    const connections = kind === 'stream' ? 100 : 50;
    await measureThroughput({ url, kind, accounts, connections, seconds: 2 }); // warm-up
    const result = await measureThroughput({ url, kind, accounts, connections, seconds });
    log(
      `  ${label}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `${result.errors} errors, CPU ${result.cpuBusy} % busy`,
    );
    return result;
  };
  log('throughput: complete streamed generations (they also fill the history read next)');
  const stream: [Throughput, Throughput] = [
    await run('stream', oneUrl, 'streams, 1 instance'),
    await run('stream', threeUrl, 'streams, 3 instances'),
  ];
  log('throughput: authenticated history reads');
  const history: [Throughput, Throughput] = [
    await run('history', oneUrl, 'history, 1 instance'),
    await run('history', threeUrl, 'history, 3 instances'),
  ];
  return { history, stream, seconds };
}

async function runConcurrent(base: string, accounts: Account[]) {
  const users = Math.min(accounts.length, Math.ceil(RUN.concurrent / PER_ACCOUNT));
  const { records, peak, seconds } = await concurrentStreams(
    base,
    accounts.slice(0, users),
    RUN.concurrent,
    120_000,
  );
  const counts = tally('concurrent streams', records, await checkSaved(base, records, FULL_TEXT));
  const times = records.map((r) => r.result.ms).sort((x, y) => x - y);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  log(`  ${counts.succeeded} of ${counts.sent} complete, peak ${peak} open, ${counts.chatsLost} chats lost`);
  return { ...counts, peak, seconds, users, p50: at(0.5), p99: at(0.99) };
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanups.run();
}
