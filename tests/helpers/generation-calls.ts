import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { TestUser } from '#tests/factories/user';
import type { TestApp } from './test-app.ts';
import { testDatabaseKinds } from './test-database.ts';

/** Streamed tool calls and the settings shared by the per-user generation limit tests. */

/** Redis-backed counts too when TEST_REDIS_URL is set (e.g. redis://127.0.0.1:6379). */
export const stores = process.env.TEST_REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);
export const cases = testDatabaseKinds().flatMap((kind) => stores.map((store) => [kind, store] as const));

/**
 * A Redis database of their own, so another file clearing `draftsmith:*` keys never runs into these
 * (whose keys are all per user, so the generation-limits files never collide with each other).
 */
export function redisUrl(): string {
  const url = new URL(process.env.TEST_REDIS_URL ?? '');
  url.pathname = '/9';
  return url.toString();
}

/** The fake OpenAI-compatible server at `url` as the provider, without retries. */
export const providerEnv = (url: string) => ({
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: url,
  AI_MODEL: 'fake-model',
  AI_MAX_RETRIES: '0',
});
/** One generation at a time per user, no call limit. */
export const TUNED_ENV = { AI_MAX_IN_FLIGHT_PER_USER: '1', AI_RATE_LIMIT_PER_USER: '0' };

export const WORDS = Array.from({ length: 12 }, (_, i) => `word${i} `);
export const QUICK = { text: 'Quick answer.' };
export const atCap = (n: number) =>
  `You already have ${n === 1 ? '1 generation' : `${n} generations`} running. Wait for one to finish, or stop it, then try again.`;

export interface OpenStream {
  id: string;
  /** What has arrived so far. */
  text(): string;
  /** Resolves with the whole body once the stream ends. */
  finished: Promise<string>;
  abort(): void;
}

/** Opens a streamed tool call on a listening app; resolves once `until` (an event name) has arrived. */
export async function openStream(
  base: string,
  user: TestUser,
  until: 'start' | 'delta',
): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/generate-article`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ topic: 'Limits' }),
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let received = '';
  while (!received.includes(`event: ${until}`)) received += decoder.decode((await reader.read()).value);
  const finished = (async () => {
    for (let next = await reader.read(); !next.done; next = await reader.read())
      received += decoder.decode(next.value);
    return received;
  })();
  finished.catch(() => {});
  return {
    id: res.headers.get('x-generation-id')!,
    text: () => received,
    finished,
    abort: () => controller.abort(),
  };
}

export interface LeftCall {
  status: number;
  retryAfter: string | undefined;
  /** The parsed body of an error answer. */
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field
  body: any;
}

/**
 * A streamed tool call on its own connection (closed afterwards, so no idle socket outlives the test),
 * whose client goes away `leaveAfterMs` after a 200 answer began; error answers are read whole.
 */
export function callThenLeave(
  url: string,
  user: TestUser,
  input: unknown,
  leaveAfterMs: number,
): Promise<LeftCall> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...user.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        const settle = () =>
          resolve({
            status,
            retryAfter: res.headers['retry-after'],
            body: status === 200 ? null : JSON.parse(text),
          });
        if (status === 200) {
          setTimeout(() => req.destroy(), leaveAfterMs);
          res.on('close', settle);
        } else res.on('end', settle);
      },
    );
    req.on('error', (err) => {
      if (!req.destroyed) reject(err);
    });
    req.end(JSON.stringify(input));
  });
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  ms = 5000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Starts `app` listening on a free local port; resolves with its base URL. */
export async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}
