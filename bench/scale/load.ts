import { readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import autocannon from 'autocannon';
import {
  type Account,
  CLEAR_FAILURES,
  callJson,
  type Outcome,
  type StreamResult,
  streamTool,
} from './client.ts';

export const TOOL_PATH = '/api/generate-article';
const TOOL_INPUT = { topic: 'Scaling out' };

/** Connections kept open to the proxy, as many as the calls in flight. */
export const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Throughput {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors, timeouts, non-2xx answers and streams without `done`, together. */
  errors: number;
  /** How busy the machine's CPUs were meanwhile, in percent (every process, the load's too). */
  cpuBusy: number;
}

/**
 * autocannon against `url`: authenticated history reads or complete streamed generations (a stream
 * counts once its `done` arrived), the accounts taken in turn, `connections` at once for `seconds`.
 */
export async function measureThroughput(o: {
  url: string;
  kind: 'history' | 'stream';
  accounts: Account[];
  connections: number;
  seconds: number;
}): Promise<Throughput> {
  let turn = 0;
  let incomplete = 0;
  const nextAccount = () => o.accounts[turn++ % o.accounts.length]!;
  const request: autocannon.Request =
    o.kind === 'history'
      ? {
          method: 'GET',
          setupRequest: (req) => {
            const account = nextAccount();
            return {
              ...req,
              path: `/api/history/${account.uid}?limit=20`,
              headers: { ...req.headers, authorization: `Bearer ${account.token}` },
            };
          },
        }
      : {
          method: 'POST',
          path: TOOL_PATH,
          body: JSON.stringify(TOOL_INPUT),
          setupRequest: (req) => ({
            ...req,
            headers: {
              ...req.headers,
              'content-type': 'application/json',
              accept: 'text/event-stream',
              authorization: `Bearer ${nextAccount().token}`,
            },
          }),
          onResponse: (status, body) => {
            if (status === 200 && !body.includes('event: done')) incomplete++;
          },
        };
  const cpu = cpuTimes();
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    timeout: 30,
    requests: [request],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.non2xx + incomplete,
    cpuBusy: cpuBusySince(cpu),
  };
}

/** The machine's CPU time so far (Linux /proc/stat), total and idle, in clock ticks. */
function cpuTimes(): { total: number; idle: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    return { total: ticks.reduce((a, b) => a + b, 0), idle: (ticks[3] ?? 0) + (ticks[4] ?? 0) };
  } catch {
    return { total: 0, idle: 0 };
  }
}

function cpuBusySince(before: { total: number; idle: number }): number {
  const now = cpuTimes();
  const total = now.total - before.total;
  return total > 0 ? Math.round((100 * (total - (now.idle - before.idle))) / total) : Number.NaN;
}

export interface StreamRecord {
  kind: 'stream';
  /** When the call ended (performance.now()). */
  at: number;
  account: Account;
  result: StreamResult;
}
export interface ReadRecord {
  kind: 'read';
  at: number;
  outcome: Outcome;
  code: string | null;
  ms: number;
}
export type LoadRecord = StreamRecord | ReadRecord;

/**
 * `count` streamed generations opened at once over `accounts` (as many per account as the list
 * repeats them), each read to its end. `peak` is the most that were open together.
 */
export async function concurrentStreams(
  base: string,
  accounts: Account[],
  count: number,
  timeoutMs: number,
): Promise<{ records: StreamRecord[]; peak: number; seconds: number }> {
  let open = 0;
  let peak = 0;
  const started = performance.now();
  const records = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const account = accounts[i % accounts.length]!;
      const call = streamTool(base, TOOL_PATH, TOOL_INPUT, { token: account.token, agent, timeoutMs });
      const head = await call.response;
      if (head.status === 200) peak = Math.max(peak, ++open);
      const result = await call.result;
      if (head.status === 200) open--;
      return { kind: 'stream' as const, at: performance.now(), account, result };
    }),
  );
  return { records, peak, seconds: (performance.now() - started) / 1000 };
}

export interface SteadyLoad {
  /** Ends the load: no new calls; resolves with every call's record once those running have ended. */
  stop(): Promise<LoadRecord[]>;
}

/**
 * A steady mix while a fault is played: `streams` clients each running one streamed generation after
 * another (each with accounts of its own, so per-user caps never meet), and `reads` clients reading
 * history. A client whose call failed waits a moment before its next, as a real one would.
 */
export function startSteadyLoad(
  base: string,
  accounts: Account[],
  o: { streams: number; reads: number; streamTimeoutMs: number },
): SteadyLoad {
  const records: LoadRecord[] = [];
  let running = true;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const streamClient = async (client: number) => {
    const own = accounts.filter((_, i) => i % o.streams === client);
    for (let turn = 0; running; turn++) {
      const account = own[turn % own.length]!;
      const call = streamTool(base, TOOL_PATH, TOOL_INPUT, {
        token: account.token,
        agent,
        timeoutMs: o.streamTimeoutMs,
      });
      const result = await call.result;
      records.push({ kind: 'stream', at: performance.now(), account, result });
      if (result.outcome !== 'ok') await pause(250);
    }
  };
  const readClient = async (client: number) => {
    for (let turn = client; running; turn += o.reads) {
      const account = accounts[turn % accounts.length]!;
      const read = await callJson(base, 'GET', `/api/history/${account.uid}?limit=20`, {
        token: account.token,
        agent,
        timeoutMs: 30_000,
      });
      records.push({
        kind: 'read',
        at: performance.now(),
        outcome: read.outcome,
        code: read.code,
        ms: read.ms,
      });
      await pause(read.outcome === 'ok' ? 20 : 250);
    }
  };
  const clients = [
    ...Array.from({ length: o.streams }, (_, i) => streamClient(i)),
    ...Array.from({ length: o.reads }, (_, i) => readClient(i)),
  ];
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      return records;
    },
  };
}

export interface SavedCheck {
  /** Streams that got `done` whose chat is missing or differs from the streamed text. */
  lost: number;
  /** Streams that ended early whose chat was saved as complete with a part of the answer. */
  halfWritten: number;
}

/**
 * Reads back, through the proxy, the chat of every stream: one that got `done` must be saved with
 * exactly the text streamed and its status; one that was cut must be absent, stopped, or whole.
 */
export async function checkSaved(
  base: string,
  records: StreamRecord[],
  fullText: string,
): Promise<SavedCheck> {
  const check = { lost: 0, halfWritten: 0 };
  const queue = records.filter((r) => r.result.generationId);
  const worker = async () => {
    for (let record = queue.pop(); record; record = queue.pop()) {
      const { result, account } = record;
      const done = result.outcome === 'ok';
      const chat = await readChat(base, account, result.generationId!);
      if (done) {
        const saved = chat?.messages?.[1]?.content;
        if (!chat || saved !== result.text || chat.status !== result.doneStatus) check.lost++;
      } else if (chat && chat.status === 'complete' && chat.messages?.[1]?.content !== fullText) {
        check.halfWritten++;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return check;
}

interface SavedChat {
  status: string;
  messages?: { content: string }[];
}

/** The chat, null when there is none (404); retried while the service answers otherwise. */
async function readChat(base: string, account: Account, id: string): Promise<SavedChat | null> {
  for (let attempt = 0; ; attempt++) {
    const read = await callJson(base, 'GET', `/api/history/item/${id}`, { token: account.token, agent });
    if (read.status === 200) return read.body.history as SavedChat;
    if (read.status === 404) return null;
    if (attempt >= 20) throw new Error(`could not read chat ${id}: ${read.status} ${read.code}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Whether a record's call failed in a way the client can see and act on. */
export const failedClearly = (outcome: Outcome) => CLEAR_FAILURES.includes(outcome);
