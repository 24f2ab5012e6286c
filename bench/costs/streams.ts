import { heapFigures, residentMemory } from '#bench/memory/server-memory';
import { type StreamCall, type StreamResult, streamTool } from '#bench/scale/client';
import { agent, TOOL_PATH } from '#bench/scale/load';
import { processCpuMs } from './process-cpu.ts';

const TOOL_INPUT = { topic: 'The cost of a stream' };

/** The server with this many streams open. */
export interface StreamLevel {
  level: number;
  /** Streams that had their first delta and had not ended when the memory was read (else waiting or ended). */
  open: number;
  rssMb: number;
  /** (RSS here − RSS with none open) / level. */
  perStreamKib: number;
  heapUsedMb: number;
  /** The server's CPU over the second before the reading, in % of one core. */
  cpuPercent: number;
  /** Of the first `level` streams, how many ended with `done`. */
  complete: number;
  /** How the others ended (`closed`, `timeout`, an error code), with their numbers. */
  failures: Record<string, number>;
}

export interface StreamRamp {
  baseline: { rssMb: number; heapUsedMb: number };
  levels: StreamLevel[];
  /** From the first stream opened to the last one ended. */
  seconds: number;
}

interface Open {
  call: StreamCall;
  /** Its first delta arrived. */
  started: boolean;
  result: StreamResult | null;
}

/** How long a step waits for its new streams' first tokens before it reads the memory anyway. */
const FIRST_TOKEN_WAIT_MS = 20_000;

/**
 * Opens streamed generations in steps up to each of `levels` (the earlier ones stay open), waits until
 * each new one had its first delta (20 s at most), lets the server settle for `settleMs` and reads its resident memory
 * (/proc) and V8 heap (/metrics) with that many open; then waits for every stream to end. The streams
 * must last longer than the whole ramp (the model's chunks × their delay): `open` shows whether they did.
 */
export async function rampStreams(o: {
  url: string;
  pid: number;
  /** Bearer tokens, taken in turn. */
  bearers: string[];
  /** The model's whole answer, which each stream must deliver. */
  expectedText: string;
  levels: number[];
  settleMs: number;
  timeoutMs: number;
}): Promise<StreamRamp> {
  const read = async () => ({
    rssMb: residentMemory(o.pid).rss,
    heapUsedMb: (await heapFigures(o.url)).used,
  });
  const baseline = await read();
  const streams: Open[] = [];
  const readings: Omit<StreamLevel, 'complete' | 'failures'>[] = [];
  const started = performance.now();
  for (const level of o.levels) {
    const added = Array.from({ length: level - streams.length }, (_, i) => {
      const token = o.bearers[(streams.length + i) % o.bearers.length]!;
      const open: Open = {
        call: streamTool(o.url, TOOL_PATH, TOOL_INPUT, { token, agent, timeoutMs: o.timeoutMs }),
        started: false,
        result: null,
      };
      open.call.firstDelta.then(
        () => {
          open.started = true;
        },
        () => {},
      );
      void open.call.result.then((result) => {
        open.result = result;
      });
      return open;
    });
    streams.push(...added);
    await Promise.race([
      Promise.allSettled(added.map((s) => s.call.firstDelta)),
      new Promise((resolve) => setTimeout(resolve, FIRST_TOKEN_WAIT_MS)),
    ]);
    const cpuBefore = processCpuMs(o.pid);
    await new Promise((resolve) => setTimeout(resolve, o.settleMs));
    const cpuPercent = (100 * (processCpuMs(o.pid) - cpuBefore)) / o.settleMs;
    const now = await read();
    readings.push({
      level,
      open: streams.filter((s) => s.started && s.result === null).length,
      rssMb: now.rssMb,
      perStreamKib: ((now.rssMb - baseline.rssMb) * 1024) / level,
      heapUsedMb: now.heapUsedMb,
      cpuPercent,
    });
  }
  const results = await Promise.all(streams.map((s) => s.call.result));
  const seconds = (performance.now() - started) / 1000;
  const levels = readings.map((reading) => {
    const failures: Record<string, number> = {};
    let complete = 0;
    for (const r of results.slice(0, reading.level)) {
      if (r.outcome === 'ok' && r.text === o.expectedText) complete++;
      else {
        const label = r.outcome === 'ok' ? 'text differs' : (r.code ?? r.outcome);
        failures[label] = (failures[label] ?? 0) + 1;
      }
    }
    return { ...reading, complete, failures };
  });
  return { baseline, levels, seconds };
}
