/**
 * What Draftsmith adds on top of the model (issue 15): the same streamed request sent straight to a fake
 * OpenAI-compatible model, through a bare keep-alive pass-through (the floor: forwarding and nothing
 * else) and through Draftsmith (auth, validation, plan reservation, generation, SSE, history write),
 * interleaved; Draftsmith's CPU time per request; then rounds of concurrent streams through the
 * pass-through and Draftsmith. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set
 * (`--database=pglite|postgres` picks one). The model, the pass-through, Draftsmith and this client run
 * as four processes. Loopback only, bounded in count. Prints the table; `--write` also puts it
 * into bench/README.md. BENCH_PROFILE_DIR=<dir> writes a CPU profile of Draftsmith's measured phases.
 * Run: `npm run bench [-- --write]`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from '#bench/costs/process-cpu';
import { ensureBuild } from '#bench/scale/instances';
import { machine, writeResults } from '#bench/scale/report';
import { startFakeOpenAi } from '#tests/fakes/openai-server';
import type { TestDatabaseKind } from '#tests/helpers/test-database';
import { type DraftsmithServer, startDraftsmith, TEAM_MEMBERS } from './overhead/app-process.ts';
import { startPassThrough } from './overhead/pass-through.ts';
import { type DatabaseRun, renderResults } from './overhead/report.ts';
import {
  clientAgent,
  draftsmithCall,
  modelCall,
  type StreamedCall,
  type Timing,
  timed,
} from './overhead/timed-request.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 30;
const CONCURRENT = 100;
const ROUNDS = 3;
/** Calls of each account for the history growth figure. */
const GROWTH_REQUESTS = 100;
const WORDS = Array.from({ length: 20 }, (_, i) => `token${i} `);
/** Spacing of the fake's tokens: a fast provider (500 tokens/s), so each token travels on its own. */
const TOKEN_GAP_MS = 2;
const README = fileURLToPath(new URL('./README.md', import.meta.url));
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;

interface Child {
  process: ChildProcess;
  info: Record<string, string>;
}

/** This file in another process, as one role (`fake`, `pass-through`, `app`); resolves with its details. */
async function child(...args: string[]): Promise<Child> {
  // BENCH_NODE_ARGS passes flags to the other processes, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...nodeArgs, fileURLToPath(import.meta.url), '--serve', ...args], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: process.env,
  });
  const lines = createInterface({ input: proc.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  lines.on('line', (later) => console.log(later));
  return { process: proc, info: JSON.parse(line) };
}

async function stop(child: Child): Promise<void> {
  const exited = once(child.process, 'exit');
  child.process.disconnect();
  await exited;
}

/** CPU time of the processes so far, in ms (user + system, from /proc: ticks of 10 ms). */
const cpuOf = (...pids: number[]) => pids.map((pid) => processCpuMs(pid));

async function serve(role: string, ...args: string[]): Promise<void> {
  if (role === 'fake') {
    const fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: TOKEN_GAP_MS });
    console.log(JSON.stringify({ url: fake.url }));
  } else if (role === 'pass-through') {
    console.log(JSON.stringify(await startPassThrough(args[0]!)));
  }
  process.once('disconnect', () => process.exit(0));
}

function calls(fakeUrl: string, passThroughUrl: string, app: DraftsmithServer) {
  return {
    direct: modelCall(fakeUrl),
    passThrough: modelCall(`${passThroughUrl}${new URL(fakeUrl).pathname}`),
    draftsmith: draftsmithCall(app.url, app.authorization),
  };
}

async function burst(call: StreamedCall | StreamedCall[], count = CONCURRENT): Promise<Timing[]> {
  const pick = (i: number) => (Array.isArray(call) ? call[i % call.length]! : call);
  const settled = await Promise.allSettled(Array.from({ length: count }, (_, i) => timed(pick(i))));
  return settled.map((r) => (r.status === 'fulfilled' ? r.value : { ttft: -1, total: -1, ok: false }));
}

async function measure(
  database: TestDatabaseKind,
  fakeUrl: string,
  passThrough: Child,
): Promise<DatabaseRun> {
  // Several instances run on PostgreSQL with Redis (their shared counts): measured so, when it is there.
  const redisUrl = database === 'postgres' ? process.env.TEST_REDIS_URL : undefined;
  const app = await startDraftsmith(database, fakeUrl, TEAM_MEMBERS, {
    redis: redisUrl,
    profileDir: PROFILE_DIR,
  });
  const paths = calls(fakeUrl, passThrough.info.url!, app);
  const keys = ['direct', 'passThrough', 'draftsmith'] as const;
  for (let i = 0; i < WARMUP; i++) for (const key of keys) await timed(paths[key]);

  const sequential = { direct: [] as Timing[], passThrough: [] as Timing[], draftsmith: [] as Timing[] };
  const passPid = passThrough.process.pid!;
  const [appBefore, passBefore] = cpuOf(app.pid, passPid);
  for (let i = 0; i < REQUESTS; i++) {
    // Interleaved, each first in turn, so drift in the machine's load hits the three alike.
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(i + k) % keys.length]!;
      sequential[key].push(await timed(paths[key]));
    }
  }
  const [appAfter, passAfter] = cpuOf(app.pid, passPid);

  await burst(paths.passThrough); // one uncounted round each: the client's sockets are open afterwards
  await burst(paths.draftsmith);
  const concurrent = { passThrough: [] as Timing[], draftsmith: [] as Timing[] };
  let appConcurrentMs = 0;
  let passConcurrentMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const [passStart] = cpuOf(passPid);
    concurrent.passThrough.push(...(await burst(paths.passThrough)));
    const [passEnd, appStart] = cpuOf(passPid, app.pid);
    concurrent.draftsmith.push(...(await burst(paths.draftsmith)));
    passConcurrentMs += passEnd! - passStart!;
    appConcurrentMs += cpuOf(app.pid)[0]! - appStart!;
  }

  // Growth: an account with 10,000 chats against the empty one, one call at a time, interleaved; then
  // the team's 200 members at once against 200 calls of the one account at once.
  const longHistory = draftsmithCall(app.url, app.longHistory);
  const growth = { caller: [] as Timing[], longHistory: [] as Timing[] };
  for (let i = 0; i < GROWTH_REQUESTS; i++) {
    growth.caller.push(await timed(paths.draftsmith));
    growth.longHistory.push(await timed(longHistory));
  }
  const team = app.team.map((authorization) => draftsmithCall(app.url, authorization));
  await burst(team, TEAM_MEMBERS); // uncounted: each member's first call reads their plan
  const bursts = { caller: [] as Timing[], team: [] as Timing[] };
  for (let round = 0; round < ROUNDS; round++) {
    bursts.caller.push(...(await burst(paths.draftsmith, TEAM_MEMBERS)));
    bursts.team.push(...(await burst(team, TEAM_MEMBERS)));
  }
  await app.stop();
  const streams = ROUNDS * CONCURRENT;

  const all = [...Object.values(sequential), ...Object.values(concurrent)].flat();
  return {
    database,
    sequential,
    cpuMsPerRequest: {
      concurrent: { draftsmith: appConcurrentMs / streams, passThrough: passConcurrentMs / streams },
      sequential: {
        draftsmith: (appAfter! - appBefore!) / REQUESTS,
        passThrough: (passAfter! - passBefore!) / REQUESTS,
      },
    },
    concurrent: {
      passThrough: concurrent.passThrough.map((t) => t.ttft),
      draftsmith: concurrent.draftsmith.map((t) => t.ttft),
    },
    growth: {
      caller: growth.caller.map((t) => t.ttft),
      longHistory: growth.longHistory.map((t) => t.ttft),
      callerBurst: bursts.caller.map((t) => t.ttft),
      teamBurst: bursts.team.map((t) => t.ttft),
    },
    failed: [...all, ...Object.values(growth).flat(), ...Object.values(bursts).flat()].filter((t) => !t.ok)
      .length,
  };
}

function databases(): TestDatabaseKind[] {
  const chosen = process.argv.find((arg) => arg.startsWith('--database='))?.slice('--database='.length);
  if (chosen === 'pglite' || chosen === 'postgres') return [chosen];
  if (chosen) throw new Error(`--database=${chosen}: expected pglite or postgres`);
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

async function main() {
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  ensureBuild();
  const fake = await child('fake');
  const passThrough = await child('pass-through', fake.info.url!);
  const runs: DatabaseRun[] = [];
  for (const database of databases()) {
    console.error(`measuring on ${database}…`);
    runs.push(await measure(database, fake.info.url!, passThrough));
  }
  clientAgent.destroy();
  await Promise.all([stop(passThrough), stop(fake)]);

  const markdown = renderResults({
    machine: machine(),
    requests: REQUESTS,
    chunks: WORDS.length,
    tokenGapMs: TOKEN_GAP_MS,
    streams: CONCURRENT,
    rounds: ROUNDS,
    teamMembers: TEAM_MEMBERS,
    runs,
  });
  console.log(`\n${markdown}\n`);
  if (process.argv.includes('--write')) {
    writeResults(README, markdown, 'tools-overhead-results');
    console.error(`results written to ${README}`);
  }
  if (runs.some((run) => run.failed > 0)) process.exitCode = 1;
}

if (process.argv[2] === '--serve') await serve(process.argv[3]!, ...process.argv.slice(4));
else await main();
