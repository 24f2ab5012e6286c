import { draftsmithCall, modelCall, percentile, type Timing, timed } from '#bench/overhead/timed-request';
import type { Account } from './client.ts';

/** The time to first token of one path, and what it adds over the model's own (medians, ms). */
export interface FirstTokenPath {
  median: number;
  p95: number;
  added: number;
  failed: number;
}

export interface FirstTokenResults {
  requests: number;
  direct: FirstTokenPath;
  /** A bare keep-alive pass-through behind the same nginx: the floor of any server in front of the model. */
  passThrough: FirstTokenPath;
  oneInstance: FirstTokenPath;
  threeInstances: FirstTokenPath;
}

const WARMUP = 30;
const FIRST_TOKEN_ACCOUNTS = 10;

/**
 * Sequential streamed calls, interleaved (each path first in turn, so drift in the machine's load hits
 * them alike): straight to the model, through nginx to a bare pass-through, through nginx to one
 * Draftsmith instance and to three (round robin), each call as the next of ten accounts (their plan
 * counts and in-flight places shared in Redis by the three).
 */
export async function measureFirstToken(options: {
  modelUrl: string;
  passThroughUrl: string;
  oneUrl: string;
  threeUrl: string;
  accounts: Account[];
  requests: number;
}): Promise<FirstTokenResults> {
  // Ten accounts in turn: each has called during the warm-up, so its plan and counts are already read
  // (a first call's reads are a different figure), while the calls still spread over several users.
  const accounts = options.accounts.slice(0, FIRST_TOKEN_ACCOUNTS);
  const bearer = (i: number) => `Bearer ${accounts[i % accounts.length]!.token}`;
  const paths = {
    direct: () => modelCall(options.modelUrl),
    passThrough: () => modelCall(options.passThroughUrl),
    oneInstance: (i: number) => draftsmithCall(options.oneUrl, bearer(i)),
    threeInstances: (i: number) => draftsmithCall(options.threeUrl, bearer(i)),
  };
  const keys = Object.keys(paths) as (keyof typeof paths)[];
  for (let i = 0; i < WARMUP; i++) for (const key of keys) await timed(paths[key](i));
  const timings = Object.fromEntries(keys.map((key) => [key, [] as Timing[]])) as Record<
    keyof typeof paths,
    Timing[]
  >;
  for (let i = 0; i < options.requests; i++) {
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(i + k) % keys.length]!;
      timings[key].push(await timed(paths[key](i)));
    }
  }
  const ok = (list: Timing[]) => list.filter((t) => t.ok).map((t) => t.ttft);
  const directMedian = percentile(ok(timings.direct), 50);
  const path = (list: Timing[]): FirstTokenPath => {
    const median = percentile(ok(list), 50);
    return {
      median,
      p95: percentile(ok(list), 95),
      added: median - directMedian,
      failed: list.filter((t) => !t.ok).length,
    };
  };
  return {
    requests: options.requests,
    direct: path(timings.direct),
    passThrough: path(timings.passThrough),
    oneInstance: path(timings.oneInstance),
    threeInstances: path(timings.threeInstances),
  };
}
