import type { Machine } from '#bench/scale/report';
import { percentile, type Timing } from './timed-request.ts';

/** The targets (issue 31). */
export const TARGETS = {
  /** Draftsmith's added time to first token, at most this many times the bare pass-through's. */
  addedTtftRatio: 1.5,
  cpuMsPerRequest: 2,
  /** The p95 time to first token under the concurrent streams, at most this many times the pass-through's. */
  concurrentTtftP95Ratio: 2,
};

/** One database's run: the same calls straight to the model, through the pass-through and Draftsmith. */
export interface DatabaseRun {
  database: 'pglite' | 'postgres';
  sequential: { direct: Timing[]; passThrough: Timing[]; draftsmith: Timing[] };
  /**
   * CPU time per streamed request of Draftsmith and of the pass-through: under the concurrent streams
   * (the process busy: what a core serves), and over the sequential ones (idle between tokens).
   */
  cpuMsPerRequest: Record<'concurrent' | 'sequential', { draftsmith: number; passThrough: number }>;
  /** Times to first token of the concurrent streams, every counted round pooled. */
  concurrent: { passThrough: number[]; draftsmith: number[] };
  /**
   * Times to first token for growth: the calling account (no chats) and one with 10,000 chats, one
   * call at a time, interleaved; and bursts of calls at once, by the one account and by a team's members.
   */
  growth: { caller: number[]; longHistory: number[]; callerBurst: number[]; teamBurst: number[] };
  failed: number;
}

export interface OverheadResults {
  machine: Machine;
  requests: number;
  chunks: number;
  tokenGapMs: number;
  streams: number;
  rounds: number;
  teamMembers: number;
  runs: DatabaseRun[];
}

const ms = (n: number) => `${n.toFixed(2)} ms`;
const p = (timings: Timing[], q: number, key: 'ttft' | 'total' = 'ttft') =>
  percentile(
    timings.map((t) => t[key]),
    q,
  );

/** The time to first token each path adds over straight to the model, at the median and p95. */
export function addedTtft(run: DatabaseRun) {
  const { direct, passThrough, draftsmith } = run.sequential;
  const over = (timings: Timing[], q: number) => p(timings, q) - p(direct, q);
  const added = { median: over(draftsmith, 50), p95: over(draftsmith, 95) };
  const floor = { median: over(passThrough, 50), p95: over(passThrough, 95) };
  return { added, floor, ratio: added.median / floor.median };
}

const verdict = (met: boolean) => (met ? '**met**' : 'not met');

function cells(run: DatabaseRun): [string, string, string] {
  const { added, floor, ratio } = addedTtft(run);
  const { concurrent: busy, sequential: idle } = run.cpuMsPerRequest;
  const c = run.concurrent;
  const c95 = percentile(c.draftsmith, 95);
  const p95Ratio = c95 / percentile(c.passThrough, 95);
  return [
    `${ms(added.median)} / ${ms(added.p95)} (pass-through ${ms(floor.median)} / ${ms(floor.p95)}): ` +
      `${ratio.toFixed(1)}× — ${verdict(ratio <= TARGETS.addedTtftRatio)}`,
    `${ms(busy.draftsmith)}, ${Math.round(1000 / busy.draftsmith)} streamed requests/s per core ` +
      `(pass-through ${ms(busy.passThrough)}); one at a time ${ms(idle.draftsmith)} ` +
      `(pass-through ${ms(idle.passThrough)}) — ${verdict(busy.draftsmith <= TARGETS.cpuMsPerRequest)}`,
    `${ms(percentile(c.draftsmith, 50))} / ${ms(c95)} (pass-through ${ms(percentile(c.passThrough, 50))} / ` +
      `${ms(percentile(c.passThrough, 95))}): ${p95Ratio.toFixed(1)}× — ` +
      verdict(p95Ratio <= TARGETS.concurrentTtftP95Ratio),
  ];
}

/** The growth figures: the median (and p95) time to first token of each account or burst. */
function growthCells(run: DatabaseRun): [string, string] {
  const g = run.growth;
  const pair = (t: number[]) => `${ms(percentile(t, 50))} / ${ms(percentile(t, 95))}`;
  return [
    `${pair(g.longHistory)} (no chats: ${pair(g.caller)})`,
    `${pair(g.teamBurst)} (one account's as many calls at once: ${pair(g.callerBurst)})`,
  ];
}

const NAMES = { pglite: 'PGlite (its data directory)', postgres: 'PostgreSQL and Redis' } as const;

/** The table, one column per database, and the raw times beneath it. */
export function renderResults(r: OverheadResults): string {
  const columns = r.runs.map(cells);
  const row = (what: string, target: string, i: number) =>
    `| ${what} | ${target} | ${columns.map((c) => c[i]).join(' | ')} |`;
  const growth = r.runs.map(growthCells);
  const growthRow = (what: string, i: number) =>
    `| ${what} | not more than without | ${growth.map((c) => c[i]).join(' | ')} |`;
  const raw = (run: DatabaseRun) => {
    const { direct, passThrough, draftsmith } = run.sequential;
    const line = (name: string, t: Timing[]) =>
      `| ${NAMES[run.database]} | ${name} | ${ms(p(t, 50))} / ${ms(p(t, 95))} | ${ms(p(t, 50, 'total'))} / ${ms(p(t, 95, 'total'))} |`;
    return [
      line('straight to the model', direct),
      line('pass-through', passThrough),
      line('Draftsmith', draftsmith),
    ];
  };
  return [
    `Run ${r.machine.date} on ${r.machine.cpus}, ${r.machine.memory} memory, Node ${r.machine.node}; the fake ` +
      `model, the pass-through, Draftsmith and the client each in a process of their own on this machine. ` +
      `${r.requests} sequential streamed requests down each path, interleaved; ${r.chunks} chunks ` +
      `${r.tokenGapMs} ms apart; ${r.streams} concurrent streams × ${r.rounds} rounds (after one uncounted). ` +
      `${r.runs.reduce((n, run) => n + run.failed, 0)} failed.`,
    '',
    `| What | Target | ${r.runs.map((run) => NAMES[run.database]).join(' | ')} |`,
    `| --- | --- | ${r.runs.map(() => '---').join(' | ')} |`,
    row(
      'Time to first token Draftsmith adds over straight to the model (median / p95), against a bare keep-alive pass-through in the same run',
      `within ${TARGETS.addedTtftRatio}× the pass-through (median)`,
      0,
    ),
    row(
      `Server CPU per streamed request (${r.chunks} chunks, auth, history write), under the concurrent streams; one at a time`,
      `≤ ${TARGETS.cpuMsPerRequest} ms`,
      1,
    ),
    row(
      `Time to first token under ${r.streams} concurrent streams (median / p95)`,
      `p95 ≤ ${TARGETS.concurrentTtftP95Ratio}× the pass-through's`,
      2,
    ),
    growthRow('Time to first token, an account with 10,000 chats (median / p95)', 0),
    growthRow(`Time to first token, a team's ${r.teamMembers} members at once (median / p95)`, 1),
    '',
    'Time to first token and total time of the sequential requests (median / p95):',
    '',
    '| Database | Path | First token | Total |',
    '| --- | --- | --- | --- |',
    ...r.runs.flatMap(raw),
  ].join('\n');
}
