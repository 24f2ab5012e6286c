import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { Outcome } from './client.ts';
import type { FirstTokenPath, FirstTokenResults } from './first-token.ts';
import { failedClearly, type LoadRecord, type SavedCheck, type Throughput } from './load.ts';

/** What one phase (a fault under load, or the concurrent streams) did to the calls made meanwhile. */
export interface PhaseCounts {
  name: string;
  sent: number;
  succeeded: number;
  /** An error in the API's shape, an SSE `error` event, or a closed stream: the client knows to retry. */
  failedClearly: number;
  /** An answer without the error shape, or no end within the time allowed. */
  failedUnclearly: number;
  /** Streams that got `done` whose chat is not saved as streamed. */
  chatsLost: number;
  /** Cut streams whose chat was saved as complete with a part of the answer. */
  halfWritten: number;
  /** How the failures ended: an error code, `closed` or `timeout`, with their numbers. */
  failures: Record<string, number>;
  /** Seconds from the fault's start to its first failure, and from its end (all back) to its last. */
  firstFailureS: number | null;
  lastFailureAfterEndS: number | null;
}

/** When a fault began and when everything was back (performance.now()). */
export interface FaultWindow {
  start: number;
  end: number;
}

export function tally(
  name: string,
  records: LoadRecord[],
  saved: SavedCheck,
  window?: FaultWindow,
): PhaseCounts {
  const counts: PhaseCounts = {
    name,
    sent: records.length,
    succeeded: 0,
    failedClearly: 0,
    failedUnclearly: 0,
    chatsLost: saved.lost,
    halfWritten: saved.halfWritten,
    failures: {},
    firstFailureS: null,
    lastFailureAfterEndS: null,
  };
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const record of records) {
    const { outcome, code } = record.kind === 'stream' ? record.result : record;
    if (outcome === 'ok') {
      counts.succeeded++;
      continue;
    }
    first = Math.min(first, record.at);
    last = Math.max(last, record.at);
    if (failedClearly(outcome)) counts.failedClearly++;
    else counts.failedUnclearly++;
    const label = `${record.kind} ${code ?? outcomeLabel(outcome)}`;
    counts.failures[label] = (counts.failures[label] ?? 0) + 1;
  }
  if (window && Number.isFinite(first)) {
    counts.firstFailureS = (first - window.start) / 1000;
    counts.lastFailureAfterEndS = (last - window.end) / 1000;
  }
  return counts;
}

const outcomeLabel = (outcome: Outcome) =>
  ({
    ok: 'ok',
    'error-response': 'error answer',
    'error-event': 'error event',
    closed: 'closed stream',
    unclear: 'answer without the error shape',
    timeout: 'timeout',
  })[outcome];

export interface Machine {
  cpus: string;
  memory: string;
  node: string;
  date: string;
}

export function machine(): Machine {
  const list = cpus();
  return {
    cpus: `${list.length} × ${list[0]?.model.trim() ?? 'unknown CPU'}`,
    memory: `${Math.round(totalmem() / 1024 ** 3)} GB`,
    node: process.version,
    date: new Date().toISOString().slice(0, 10),
  };
}

export interface ScaleResults {
  machine: Machine;
  quick: boolean;
  /** The fake model's answers: chunks and the delay between them, per part of the run. */
  model: string;
  firstToken: FirstTokenResults;
  throughput: { history: [Throughput, Throughput]; stream: [Throughput, Throughput]; seconds: number };
  concurrent: PhaseCounts & { peak: number; seconds: number; users: number; p50: number; p99: number };
  faults: PhaseCounts[];
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${int(n)} ms`;
const ratio = (a: Throughput, b: Throughput) => `${(b.requestsPerSecond / a.requestsPerSecond).toFixed(2)}×`;

/** The results as Markdown: the part of bench/README.md between the markers. */
export function renderResults(r: ScaleResults): string {
  const t = r.throughput;
  const row = (what: string, [one, three]: [Throughput, Throughput]) =>
    `| ${what} | ${int(one.requestsPerSecond)} | ${ms(one.p50)} / ${ms(one.p99)} | ${one.errors} | ${one.cpuBusy} % | ` +
    `${int(three.requestsPerSecond)} | ${ms(three.p50)} / ${ms(three.p99)} | ${three.errors} | ${three.cpuBusy} % | ` +
    `${ratio(one, three)} |`;
  const c = r.concurrent;
  const phase = (p: PhaseCounts) =>
    `| ${p.name} | ${int(p.sent)} | ${int(p.succeeded)} | ${int(p.failedClearly)} | ${int(p.failedUnclearly)} | ` +
    `${p.chatsLost} | ${p.halfWritten} | ${failureList(p)} |`;
  const f = r.firstToken;
  const ftRow = (what: string, p: FirstTokenPath, added = true) =>
    `| ${what} | ${p.median.toFixed(2)} ms / ${p.p95.toFixed(2)} ms | ` +
    `${added ? `${p.added.toFixed(2)} ms` : '—'} | ` +
    `${added && p !== f.passThrough ? `${(p.added / f.passThrough.added).toFixed(1)}×` : '—'} | ${p.failed} |`;
  return [
    `Run ${r.machine.date}${r.quick ? ' (SCALE_QUICK=1: shortened)' : ''} on ${r.machine.cpus}, ` +
      `${r.machine.memory} memory, Node ${r.machine.node}; everything on this one machine (three ` +
      'instances, PostgreSQL, Redis, nginx, the fake model and the load). The fake model: ' +
      `${r.model}.`,
    '',
    `**Time to first token, one call at a time** (${f.requests} calls down each path, interleaved; the ` +
      'model streams 20 chunks 2 ms apart; each Draftsmith call as the next of ten accounts, all warmed up). Added: the median ' +
      "over the model's own; the target (issue 31) is within 1.5× the pass-through's.",
    '',
    '| Path | First token (median / p95) | Added | Added vs the pass-through | Failed |',
    '| --- | --- | --- | --- | --- |',
    ftRow('straight to the model', f.direct, false),
    ftRow('nginx → a bare keep-alive pass-through', f.passThrough),
    ftRow('nginx → one Draftsmith instance', f.oneInstance),
    ftRow('nginx → three Draftsmith instances (round robin)', f.threeInstances),
    '',
    `**Throughput** (autocannon, ${t.seconds} s each, through nginx: one instance, then three)`,
    '',
    '| Calls | 1 instance: req/s | p50 / p99 | errors | CPU busy | 3 instances: req/s | p50 / p99 | errors | CPU busy | 3 vs 1 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    row('history reads (`GET /api/history/:uid?limit=20`)', t.history),
    row('complete streamed generations', t.stream),
    '',
    `**${int(c.sent)} concurrent streams** over ${c.users} accounts: ${int(c.peak)} open at once at the peak, ` +
      `${int(c.succeeded)} complete, ${int(c.failedClearly + c.failedUnclearly)} failed, ` +
      `${c.chatsLost} chats lost; all done in ${c.seconds.toFixed(1)} s ` +
      `(each stream p50 ${ms(c.p50)}, p99 ${ms(c.p99)}).`,
    '',
    '**Faults under load** (streamed generations and history reads running throughout)',
    '',
    '| Phase | Sent | Succeeded | Failed clearly | Failed unclearly | Chats lost | Half-written | Failures |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.faults.map(phase),
  ].join('\n');
}

function failureList(p: PhaseCounts): string {
  const entries = Object.entries(p.failures).sort((a, b) => b[1] - a[1]);
  if (entries.length === 0) return '—';
  const list = entries.map(([label, n]) => `${label} ×${n}`).join(', ');
  return p.firstFailureS === null ? list : `${list}; ${failureWindow(p)}`;
}

/** "from 0.1 s after the fault began until 2.3 s after all was back" */
function failureWindow(p: PhaseCounts): string {
  const first = `from ${(p.firstFailureS ?? 0).toFixed(1)} s after the fault began`;
  const last = p.lastFailureAfterEndS ?? 0;
  return last <= 0
    ? `${first}, none once all was back`
    : `${first} until ${last.toFixed(1)} s after all was back`;
}

/**
 * Replaces the results between the `<!-- <section>:start -->` and `<!-- <section>:end -->` markers of
 * bench/README.md, then formats it as `npm run lint` wants.
 */
export function writeResults(readme: string, markdown: string, section = 'scale-results'): void {
  const startMarker = `<!-- ${section}:start -->`;
  const endMarker = `<!-- ${section}:end -->`;
  const text = readFileSync(readme, 'utf8');
  const start = text.indexOf(startMarker);
  const end = text.indexOf(endMarker);
  if (start < 0 || end < start) throw new Error(`${readme} has no ${startMarker} … ${endMarker} section`);
  writeFileSync(readme, `${text.slice(0, start + startMarker.length)}\n${markdown}\n${text.slice(end)}`);
  spawnSync('npx', ['biome', 'format', '--write', readme], { stdio: 'ignore' });
}
