import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, cookieHeader, streamTool } from '#bench/scale/client';
import { findNginx, type NginxProxy, startNginx } from '#bench/scale/nginx';
import { type FakeOpenAiServer, startFakeOpenAi } from '#tests/fakes/openai-server';
import { waitFor } from '#tests/helpers/generation-calls';
import { createTestInstances, type TestInstances } from '#tests/helpers/test-instances';

/**
 * The multi-instance topology of `npm run bench:scale`, small: three instances on one PostgreSQL
 * database and one Redis behind nginx (round robin, no sticky sessions; deploy/nginx-proxy.conf's
 * settings). nginx is required in CI (.ci/run installs it); elsewhere the file is skipped without it.
 */
const nginx = findNginx();
const services = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
if (services && !nginx && !process.env.CI) {
  console.warn(
    'scale.test.ts skipped: nginx is not installed (Debian: apt-get install nginx-light; CI installs it).',
  );
}

const WORDS = Array.from({ length: 40 }, (_, i) => `word${i} `);
const FULL_TEXT = WORDS.join('');
const TOOL = '/api/generate-article';

describe.runIf(services && (nginx || process.env.CI))('three instances behind a round-robin proxy', () => {
  let fake: FakeOpenAiServer;
  let instances: TestInstances;
  let proxy: NginxProxy;
  /** Each instance's `127.0.0.1:<port>`, in the upstream's order: A, B, C. */
  let addresses: string[];
  let last: string | null = null;

  beforeAll(async () => {
    if (!nginx) throw new Error('nginx is required in CI: .ci/run installs it (apt-get install nginx-light)');
    fake = await startFakeOpenAi({ chunks: WORDS, chunkDelayMs: 50 });
    const redis = new URL(process.env.TEST_REDIS_URL ?? '');
    redis.pathname = '/7'; // a database of its own: no other file's keys
    instances = await createTestInstances(3, {
      REDIS_URL: redis.toString(),
      TRUST_PROXY: 'loopback',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-model',
      AI_MAX_RETRIES: '0',
      AI_RATE_LIMIT_PER_USER: '0',
    });
    addresses = [];
    for (const app of instances.apps) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      addresses.push(`127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    proxy = await startNginx({ upstreams: addresses, workers: 1 });
  });
  afterAll(async () => {
    await proxy?.stop();
    await instances?.close();
    await fake?.close();
  });

  const name = (address: string | null) => 'ABC'[addresses.indexOf(address ?? '')] ?? `? (${address})`;
  const track = <T extends { upstream: string | null }>(result: T) => {
    last = result.upstream;
    return result;
  };

  /**
   * Round robin takes the instances in turn (one nginx worker): health checks move the turn on until
   * `target` is next, then `send` runs there; the proxy's header says where each request went.
   */
  async function on<T extends { upstream: string | null }>(target: number, send: () => Promise<T>) {
    const before = addresses[(target + addresses.length - 1) % addresses.length];
    for (let i = 0; i < addresses.length && last !== before; i++) {
      track(await callJson(proxy.url, 'GET', '/api/health'));
    }
    const result = track(await send());
    expect(name(result.upstream)).toBe(name(addresses[target] ?? null));
    return result;
  }

  /** A new account, signed in and given its token on instance `target`. */
  async function signIn(target: number) {
    const origin = { origin: proxy.url };
    const email = `scale-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const password = 'Secret#123';
    const up = track(
      await callJson(proxy.url, 'POST', '/api/auth/sign-up/email', {
        headers: origin,
        body: { name: email.split('@')[0], email, password },
      }),
    );
    expect(up.status).toBe(200);
    const session = await on(target, () =>
      callJson(proxy.url, 'POST', '/api/auth/sign-in/email', { headers: origin, body: { email, password } }),
    );
    expect(session.status).toBe(200);
    const cookie = cookieHeader(session.headers['set-cookie']);
    const jwt = await on(target, () =>
      callJson(proxy.url, 'POST', '/api/jwt', { headers: { ...origin, cookie }, body: { email } }),
    );
    expect(jwt.status).toBe(200);
    return { uid: session.body.user.id as string, token: jwt.body.token as string };
  }

  /** A streamed generation begun on instance `target`, once its first words have come. */
  async function streamOn(target: number, token: string) {
    let call!: ReturnType<typeof streamTool>;
    const head = await on(target, () => {
      call = streamTool(proxy.url, TOOL, { topic: 'Across instances' }, { token });
      return call.response;
    });
    expect(head.status).toBe(200);
    await call.firstDelta;
    return { ...call, id: head.generationId! };
  }

  it('signs in on A, streams from B, stops from C, and A reads the stopped chat', async () => {
    const user = await signIn(0);
    const stream = await streamOn(1, user.token);

    const stop = await on(2, () =>
      callJson(proxy.url, 'POST', `/api/generations/${stream.id}/stop`, { token: user.token }),
    );
    expect(stop.body).toEqual({ id: stream.id, historyId: stream.id, status: 'stopped' });
    expect(stop.status).toBe(200);
    const ended = await stream.result;
    expect(ended).toMatchObject({ outcome: 'ok', doneStatus: 'stopped', historyId: stream.id });
    expect(ended.text.length).toBeGreaterThan(0);
    expect(ended.text.length).toBeLessThan(FULL_TEXT.length);

    const chat = await on(0, () =>
      callJson(proxy.url, 'GET', `/api/history/item/${stream.id}`, { token: user.token }),
    );
    expect(chat.status).toBe(200);
    expect(chat.body.history.status).toBe('stopped');
    expect(chat.body.history.messages[1].content).toBe(ended.text);
  });

  it('spreads requests over the three instances in turn, with no sticky sessions', async () => {
    const user = await signIn(0);
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      const read = track(
        await callJson(proxy.url, 'GET', `/api/history/${user.uid}?limit=5`, { token: user.token }),
      );
      expect(read.status).toBe(200);
      seen.push(name(read.upstream));
    }
    expect(seen.filter((n) => n === 'A')).toHaveLength(4);
    expect(seen.filter((n) => n === 'B')).toHaveLength(4);
    expect(seen.filter((n) => n === 'C')).toHaveLength(4);
    expect(seen.every((n, i) => i === 0 || n !== seen[i - 1])).toBe(true);
  });

  it('gives a client whose instance goes away mid-stream an error or a closed stream, and saves nothing half-written', async () => {
    const user = await signIn(0);
    const stream = await streamOn(1, user.token);
    const b = instances.apps[1]!;
    // B stops listening and drops every connection at once, as a crashed process does (its generation
    // runs on in this process, as it could not after a real crash: npm run bench:scale kills processes).
    b.server.close();
    b.server.closeAllConnections();
    const ended = await stream.result;
    expect(['closed', 'error-event']).toContain(ended.outcome);

    // The others serve on: the next generation through the proxy goes to A or C and completes.
    const next = await streamTool(proxy.url, TOOL, { topic: 'After the crash' }, { token: user.token })
      .result;
    expect(next).toMatchObject({ outcome: 'ok', doneStatus: 'complete', text: FULL_TEXT });
    expect(['A', 'C']).toContain(name(next.upstream));

    // The cut generation's chat is whole or absent, never a part saved as complete.
    await waitFor(() => b.generations.size === 0, 'the cut generation to end', 10_000);
    const chat = await callJson(proxy.url, 'GET', `/api/history/item/${stream.id}`, { token: user.token });
    if (chat.status === 200) {
      expect(chat.body.history.status).toBe('complete');
      expect(chat.body.history.messages[1].content).toBe(FULL_TEXT);
    } else expect(chat.code).toBe('not_found:history');
  });
});
