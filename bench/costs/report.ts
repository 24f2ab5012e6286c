import type { ServerMemory } from '#bench/memory/server-memory';
import type { Machine } from '#bench/scale/report';
import type { GenerationCpu } from './generation-cpu.ts';
import type { ReadRate } from './history-reads.ts';
import type { StreamLevel, StreamRamp } from './streams.ts';

export interface DatabaseCosts {
  database: string;
  streams: StreamRamp;
  cpu: GenerationCpu[];
  reads: { api: ReadRate; bare: ReadRate };
}

export interface CostResults {
  machine: Machine;
  quick: boolean;
  starts: ServerMemory[];
  streamModel: string;
  readConnections: number;
  readSeconds: number;
  databases: DatabaseCosts[];
}

/** The ratio of the API's history reads to the bare query's that issue 15 asks for. */
export const READ_TARGET = 0.6;

const int = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
const one = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const ms = (n: number) => `${n < 1 ? n.toFixed(2) : n < 10 ? one(n) : int(n)} ms`;
const list = (failures: Record<string, number>) =>
  Object.entries(failures)
    .map(([label, n]) => `${label} ×${n}`)
    .join(', ');

/** Resident memory swings by a few MiB on its own (garbage collection, allocator): below that, no figure. */
const RSS_NOISE_MB = 5;
const perStream = (l: StreamLevel, baselineMb: number) =>
  Math.abs(l.rssMb - baselineMb) < RSS_NOISE_MB ? '(within noise)' : int(l.perStreamKib);

/** The results as Markdown: the part of bench/README.md between the costs-results markers. */
export function renderCosts(r: CostResults): string {
  const lines = [
    `Run ${r.machine.date}${r.quick ? ' (COSTS_QUICK=1: shortened)' : ''} on ${r.machine.cpus}, ` +
      `${r.machine.memory} memory, Node ${r.machine.node}: one server process (the build), the fake model ` +
      'and the load in processes of their own on the same machine.',
    '',
    '**Start** (bench/memory.ts, a remote provider, no traffic)',
    '',
    '| Data directory | Start (ms) | Peak RSS while starting (MiB) |',
    '| --- | --- | --- |',
    ...r.starts.map((s) => `| ${s.scenario} | ${int(s.startMs)} | ${int(s.peakMb)} |`),
    '',
    `**Open streams** (${r.streamModel}; RSS read with that many open, after a settle)`,
    '',
    '| Database | Streams | Open when read | RSS (MiB) | Δ per stream (KiB) | V8 heap used (MiB) | Server CPU | Complete |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const d of r.databases) {
    const { baseline, levels } = d.streams;
    lines.push(
      `| ${d.database} | 0 | 0 | ${int(baseline.rssMb)} | — | ${int(baseline.heapUsedMb)} | — | — |`,
    );
    for (const l of levels) {
      const complete = l.complete === l.level ? 'yes' : `no: ${int(l.complete)} (${list(l.failures)})`;
      lines.push(
        `| ${d.database} | ${int(l.level)} | ${int(l.open)} | ${int(l.rssMb)} | ${perStream(l, baseline.rssMb)} | ` +
          `${int(l.heapUsedMb)} | ${int(l.cpuPercent)} % | ${complete} |`,
      );
    }
  }
  lines.push(
    '',
    '**CPU per streamed generation of 500 tokens** (server process user + system time from /proc; ' +
      'PostgreSQL: its postmaster and backends)',
    '',
    '| Database | Tokens | At once | Generations | Server CPU per generation | PostgreSQL CPU per generation | Generations/s per core (server) | Generations/s here | Failed |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const d of r.databases) {
    for (const c of d.cpu) {
      lines.push(
        `| ${d.database} | ${c.pace} | ${c.concurrency} | ${c.generations} | ${ms(c.serverMs)} | ` +
          `${c.databaseMs === null ? '— (in the server)' : ms(c.databaseMs)} | ${one(1000 / c.serverMs)} | ` +
          `${one(c.wallPerSecond)} | ${c.failed} |`,
      );
    }
  }
  lines.push(
    '',
    `**History reads** (a user with 1,000 chats, the first page of 50: ${r.readConnections} at once, ` +
      `${r.readSeconds} s each. Bare: the repository's SQL through the same driver, in a process with the ` +
      "server's Node flags. CPU per read: the server's or the bare process's + PostgreSQL's; the ratio of " +
      'those is what the rates would be on CPUs given to nothing else)',
    '',
    '| Database | API reads/s | p50 / p99 | Bare SELECT/s | p50 / p99 | API / bare (target ≥ 60 %) | CPU per read: API | bare | API / bare by CPU |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  );
  for (const d of r.databases) {
    const { api, bare } = d.reads;
    const ratio = api.perSecond / bare.perSecond;
    const cpu = (rate: ReadRate) =>
      rate.databaseMsPerRead === null
        ? { total: rate.cpuMsPerRead, text: ms(rate.cpuMsPerRead) }
        : {
            total: rate.cpuMsPerRead + rate.databaseMsPerRead,
            text: `${ms(rate.cpuMsPerRead)} + ${ms(rate.databaseMsPerRead)}`,
          };
    const apiCpu = cpu(api);
    const bareCpu = cpu(bare);
    lines.push(
      `| ${d.database} | ${int(api.perSecond)}${api.errors ? ` (${api.errors} errors)` : ''} | ` +
        `${ms(api.p50)} / ${ms(api.p99)} | ${int(bare.perSecond)} | ${ms(bare.p50)} / ${ms(bare.p99)} | ` +
        `${int(100 * ratio)} % (${ratio >= READ_TARGET ? 'met' : 'missed'}) | ${apiCpu.text} | ${bareCpu.text} | ` +
        `${int((100 * bareCpu.total) / apiCpu.total)} % |`,
    );
  }
  return lines.join('\n');
}
