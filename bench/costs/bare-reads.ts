import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serverNodeFlags } from '#bench/scale/instances';
import type { ReadRate } from './history-reads.ts';
import { databaseCpuMs } from './process-cpu.ts';

/** Where the bare query reads: the server's PostgreSQL, or a copy of its PGlite data directory. */
export type BareDatabase = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

interface BareRun {
  database: BareDatabase;
  /** PostgreSQL's postmaster, for its CPU; null for PGlite (in the bare process). */
  databasePid: number | null;
  sql: string;
  params: unknown[];
  concurrency: number;
  seconds: number;
}

/**
 * The history page read straight from the database, without the server: the repository's SQL through
 * the same driver (pg's Pool of 10 like the server's, or PGlite with the server's start parameters),
 * `concurrency` loops for `seconds` after a warm-up of 2 s. It runs in a process of its own with the
 * server's Node flags (`npm start`'s), so the two differ by the API's work alone.
 */
export async function bareReads(run: BareRun): Promise<ReadRate> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...serverNodeFlags(), fileURLToPath(import.meta.url), '--run', JSON.stringify(run)],
    { encoding: 'utf8' },
  );
  return JSON.parse(stdout) as ReadRate;
}

async function openBare(database: BareDatabase) {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    return { query: (sql: string, params: unknown[]) => pool.query(sql, params), close: () => pool.end() };
  }
  const { openPgliteClient } = await import('#server/db/pglite');
  const client = await openPgliteClient(database.dataDir, undefined);
  return {
    query: (sql: string, params: unknown[]) => client.query(sql, params),
    close: () => client.close(),
  };
}

/** In the child: the loops, then the figures as JSON on stdout. */
async function runBare(run: BareRun): Promise<ReadRate> {
  const db = await openBare(run.database);
  const loop = async (ms: number, times: number[]) => {
    const end = performance.now() + ms;
    const worker = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await db.query(run.sql, run.params);
        times.push(performance.now() - started);
      }
    };
    await Promise.all(Array.from({ length: run.concurrency }, worker));
  };
  try {
    await loop(2_000, []);
    const times: number[] = [];
    const cpu = process.cpuUsage();
    const database = databaseCpuMs(run.databasePid);
    const started = performance.now();
    await loop(run.seconds * 1000, times);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const databaseMs = databaseCpuMs(run.databasePid) - database;
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
    return {
      perSecond: times.length / seconds,
      p50: at(0.5),
      p99: at(0.99),
      errors: 0,
      cpuMsPerRead: (used.user + used.system) / 1000 / times.length,
      databaseMsPerRead: run.databasePid === null ? null : databaseMs / times.length,
      clientMsPerRead: null,
    };
  } finally {
    await db.close();
  }
}

if (process.argv[2] === '--run') {
  console.log(JSON.stringify(await runBare(JSON.parse(process.argv[3] ?? '{}') as BareRun)));
}
