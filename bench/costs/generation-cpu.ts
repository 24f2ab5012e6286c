import { streamTool } from '#bench/scale/client';
import { agent, TOOL_PATH } from '#bench/scale/load';
import { processCpuMs, processTreeCpuMs } from './process-cpu.ts';

const TOOL_INPUT = { topic: 'The cost of a generation' };

export interface GenerationCpu {
  /** How the model sent its tokens, e.g. "1 ms apart". */
  pace: string;
  concurrency: number;
  generations: number;
  failed: number;
  /** The server process's CPU per generation (user + system), in ms. */
  serverMs: number;
  /** PostgreSQL's (postmaster and backends), per generation, when it runs apart. */
  databaseMs: number | null;
  /** Generations per second of wall-clock time, as run here (the load, the fake model on the same CPUs). */
  wallPerSecond: number;
}

/**
 * `count` streamed generations, `concurrency` at a time, each read to its `done` with the whole
 * `expectedText`; the server's CPU time (and the database server's, from its postmaster's pid) read from
 * /proc before and after.
 */
export async function measureGenerationCpu(o: {
  url: string;
  pid: number;
  databasePid: number | null;
  bearers: string[];
  expectedText: string;
  pace: string;
  count: number;
  concurrency: number;
}): Promise<GenerationCpu> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    for (let i = next++; i < o.count; i = next++) {
      const token = o.bearers[i % o.bearers.length]!;
      const result = await streamTool(o.url, TOOL_PATH, TOOL_INPUT, { token, agent }).result;
      if (result.outcome !== 'ok' || result.text !== o.expectedText) failed++;
    }
  };
  const database = () => (o.databasePid === null ? 0 : processTreeCpuMs(o.databasePid));
  const before = { server: processCpuMs(o.pid), database: database(), at: performance.now() };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  const seconds = (performance.now() - before.at) / 1000;
  return {
    pace: o.pace,
    concurrency: o.concurrency,
    generations: o.count,
    failed,
    serverMs: (processCpuMs(o.pid) - before.server) / o.count,
    databaseMs: o.databasePid === null ? null : (database() - before.database) / o.count,
    wallPerSecond: o.count / seconds,
  };
}
