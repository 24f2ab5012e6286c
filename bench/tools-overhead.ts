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
import { machine, writeResults } from '#bench/scale/report';
import { startFakeOpenAi } from '#tests/fakes/openai-server';
import type { TestDatabaseKind } from '#tests/helpers/test-database';
import { type ProfileCommand, profileFile, serveApp } from './overhead/app-process.ts';
import { startPassThrough } from './overhead/pass-through.ts';
import { type DatabaseRun, renderResults } from './overhead/report.ts';
import { clientAgent, type StreamedCall, type Timing, timed } from './overhead/timed-request.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 30;
const CONCURRENT = 100;
const ROUNDS = 3;
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

/** Sends a command to the Draftsmith process and waits for its answer. */
async function ask(app: Child, command: ProfileCommand): Promise<void> {
  const answer = once(app.process, 'message');
  app.process.send(command);
  await answer;
}

/** CPU time of the processes so far, in ms (user + system, from /proc: ticks of 10 ms). */
const cpuOf = (...children: Child[]) => children.map((c) => processCpuMs(c.process.pid!));

async function serve(role: string, ...args: string[]): Promise<void> {
  if (role === 'fake') {
    const fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: TOKEN_GAP_MS });
    console.log(JSON.stringify({ url: fake.url }));
  } else if (role === 'pass-through') {
    console.log(JSON.stringify(await startPassThrough(args[0]!)));
  } else {
    await serveApp(args[0] as TestDatabaseKind, args[1]!, CONCURRENT);
    return;
  }
  process.once('disconnect', () => process.exit(0));
}

function calls(fakeUrl: string, passThroughUrl: string, app: Child) {
  const chat = (base: string): StreamedCall => ({
    url: `${base}/chat/completions`,
    headers: { accept: 'text/event-stream' },
    body: {
      model: 'bench-model',
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are a writer.' },
        { role: 'user', content: 'Write about benchmarks' },
      ],
    },
    marker: '"content"',
    end: 'data: [DONE]',
  });
  return {
    direct: chat(fakeUrl),
    passThrough: chat(`${passThroughUrl}${new URL(fakeUrl).pathname}`),
    draftsmith: {
      url: `${app.info.url}/api/generate-article`,
      headers: { authorization: app.info.authorization!, accept: 'text/event-stream' },
      body: { topic: 'Write about benchmarks' },
      marker: 'event: delta',
      end: 'event: done',
    } satisfies StreamedCall,
  };
}

async function burst(call: StreamedCall): Promise<Timing[]> {
  const settled = await Promise.allSettled(Array.from({ length: CONCURRENT }, () => timed(call)));
  return settled.map((r) => (r.status === 'fulfilled' ? r.value : { ttft: -1, total: -1, ok: false }));
}

async function measure(
  database: TestDatabaseKind,
  fakeUrl: string,
  passThrough: Child,
): Promise<DatabaseRun> {
  const app = await child('app', database, fakeUrl);
  const paths = calls(fakeUrl, passThrough.info.url!, app);
  const keys = ['direct', 'passThrough', 'draftsmith'] as const;
  for (let i = 0; i < WARMUP; i++) for (const key of keys) await timed(paths[key]);
  const profile = async (type: ProfileCommand['type'], phase: string) => {
    if (PROFILE_DIR) await ask(app, { type, file: profileFile(PROFILE_DIR, `${database}-${phase}`) });
  };

  await profile('profile-start', 'sequential');
  const sequential = { direct: [] as Timing[], passThrough: [] as Timing[], draftsmith: [] as Timing[] };
  const [appBefore, passBefore] = cpuOf(app, passThrough);
  for (let i = 0; i < REQUESTS; i++) {
    // Interleaved, each first in turn, so drift in the machine's load hits the three alike.
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(i + k) % keys.length]!;
      sequential[key].push(await timed(paths[key]));
    }
  }
  const [appAfter, passAfter] = cpuOf(app, passThrough);
  await profile('profile-stop', 'sequential');

  await burst(paths.passThrough); // one uncounted round each: the client's sockets are open afterwards
  await burst(paths.draftsmith);
  await profile('profile-start', 'concurrent');
  const concurrent = { passThrough: [] as Timing[], draftsmith: [] as Timing[] };
  let appConcurrentMs = 0;
  let passConcurrentMs = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const [passStart] = cpuOf(passThrough);
    concurrent.passThrough.push(...(await burst(paths.passThrough)));
    const [passEnd, appStart] = cpuOf(passThrough, app);
    concurrent.draftsmith.push(...(await burst(paths.draftsmith)));
    passConcurrentMs += passEnd! - passStart!;
    appConcurrentMs += cpuOf(app)[0]! - appStart!;
  }
  await profile('profile-stop', 'concurrent');
  await stop(app);
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
    failed: all.filter((t) => !t.ok).length,
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
