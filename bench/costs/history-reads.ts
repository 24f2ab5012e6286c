import autocannon from 'autocannon';
import { databaseCpuMs, processCpuMs } from './process-cpu.ts';

export interface ReadRate {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU per read of the process doing the work (the server, or the bare query's process), in ms. */
  cpuMsPerRead: number;
  /** PostgreSQL's CPU per read (postmaster and backends) when it runs apart, in ms. */
  databaseMsPerRead: number | null;
  /** CPU per read of the client (autocannon, in this process); none for the bare query. */
  clientMsPerRead: number | null;
}

/**
 * Authenticated `GET /api/history/:uid?limit=<page>` with autocannon, `connections` at once for
 * `seconds` (after a warm-up of 2 s); first checks that the page holds `page` chats.
 */
export async function httpReads(o: {
  url: string;
  pid: number;
  databasePid: number | null;
  uid: string;
  token: string;
  page: number;
  connections: number;
  seconds: number;
}): Promise<ReadRate> {
  const path = `/api/history/${o.uid}?limit=${o.page}`;
  const headers = { authorization: `Bearer ${o.token}` };
  const check = await fetch(`${o.url}${path}`, { headers });
  const body = (await check.json()) as { history?: unknown[]; nextCursor?: string | null };
  if (!check.ok || body.history?.length !== o.page || !body.nextCursor)
    throw new Error(`the history page is not as seeded: ${check.status} ${body.history?.length} chats`);
  const run = (duration: number) =>
    autocannon({ url: `${o.url}${path}`, headers, connections: o.connections, duration, timeout: 30 });
  await run(2);
  const before = { server: processCpuMs(o.pid), database: databaseCpuMs(o.databasePid) };
  const client = process.cpuUsage();
  const result = await run(o.seconds);
  const clientUsed = process.cpuUsage(client);
  const reads = result.requests.total;
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMsPerRead: (processCpuMs(o.pid) - before.server) / reads,
    databaseMsPerRead:
      o.databasePid === null ? null : (databaseCpuMs(o.databasePid) - before.database) / reads,
    clientMsPerRead: (clientUsed.user + clientUsed.system) / 1000 / reads,
  };
}
