import { availableParallelism } from 'node:os';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { streamText } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalModelHost } from '#server/ai/local/local-model-host';
import { createUser, type TestUser } from '#tests/factories/user';
import { TINY_MODEL_PATH } from '#tests/fakes/model-file-server';
import { listen, waitFor } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

const THREADS = Math.min(2, availableParallelism());
const IDLE_MS = 300;
const UNLOADED_LOG = 'local AI model unloaded after 0.3 s idle';
/**
 * The host starts its countdown when the model lets the generation go, a few turns of the event loop
 * before the test's own loop sees the stream end; on a loaded machine those turns can take tens of
 * milliseconds. An unload counted from the wrong moment would come about IDLE_MS early, far beyond this.
 */
const MEASURING_SLACK_MS = 100;

/** A host on the tiny model file whose info lines are kept, in order. */
function tinyHost(idleUnloadMs: number) {
  const infos: string[] = [];
  const log = {
    info: (first: unknown, msg?: string) => infos.push(typeof first === 'string' ? first : (msg ?? '')),
    warn() {},
    error() {},
    debug() {},
  } as unknown as FastifyBaseLogger;
  const host = new LocalModelHost({
    source: { kind: 'file', name: 'tiny', path: TINY_MODEL_PATH },
    threads: THREADS,
    contextSize: 8192, // more than the tiny model's own 4096: the loaded context is smaller
    parallel: 1,
    queueLimit: 2,
    idleUnloadMs,
    log,
    progressOutput: null,
  });
  return { host, infos };
}

/** One generation straight on the model (as a long document's later parts call it), its text. */
async function generate(host: LocalModelHost, maxOutputTokens = 16): Promise<string> {
  const result = streamText({ model: host.languageModel(), prompt: 'Hello', maxOutputTokens, maxRetries: 0 });
  let text = '';
  for await (const delta of result.textStream) text += delta;
  return text;
}

describe('local model: loaded on first use, unloaded when idle (tiny random-weights GGUF)', () => {
  it('is unloaded once its file is checked; a request loads it; it leaves memory after the idle time and a later call loads it again', async () => {
    const { host, infos } = tinyHost(IDLE_MS);
    try {
      await host.prepare();
      expect(host.status).toEqual({ state: 'unloaded' });
      expect(host.limiter.isOpen).toBe(false);
      expect(host.contextSize).toBe(8192); // nothing loaded yet: the configured size
      host.assertAvailable('u1'); // admitted; a call may still be refused after this: nothing loads
      expect(host.status.state).toBe('unloaded');

      const ready = host.waitUntilReady({ userId: 'u1' });
      expect(host.status.state).toBe('loading');
      await ready;
      expect(host.status).toMatchObject({ state: 'ready', contextSize: 4096 });
      expect((await generate(host)).length).toBeGreaterThan(0);
      const usedAt = performance.now();

      await waitFor(() => host.status.state === 'unloaded', 'the idle unload', 5_000);
      expect(performance.now() - usedAt).toBeGreaterThanOrEqual(IDLE_MS - MEASURING_SLACK_MS);
      await waitFor(() => infos.includes(UNLOADED_LOG), 'the unload to finish');
      expect(infos.filter((line) => line === UNLOADED_LOG)).toHaveLength(1);
      expect(host.limiter.isOpen).toBe(false);
      expect(host.contextSize).toBe(4096); // the last loaded size, for prompt budgets meanwhile

      // A later call of a run (no waitUntilReady before it) finds the model out of memory: it loads it.
      expect((await generate(host)).length).toBeGreaterThan(0);
      expect(host.status.state).toBe('ready');
    } finally {
      await host.close();
    }
  }, 30_000);

  it('never unloads under a running or waiting generation; the countdown starts when the last one ends', async () => {
    const { host, infos } = tinyHost(IDLE_MS);
    try {
      await host.prepare();
      await host.waitUntilReady({ userId: 'u1' });
      const states = new Set<string>();
      let watching = true;
      const watch = (async () => {
        while (watching) {
          states.add(host.status.state);
          await sleep(20);
        }
      })();
      const startedAt = performance.now();
      // parallel 1: the second waits in line while the first runs (both far longer than the idle time).
      const [long, waiting] = await Promise.all([generate(host, 120), generate(host, 30)]);
      const endedAt = performance.now();
      watching = false;
      await watch;
      expect(endedAt - startedAt).toBeGreaterThan(IDLE_MS);
      expect(long.length).toBeGreaterThan(0);
      expect(waiting.length).toBeGreaterThan(0);
      expect([...states]).toEqual(['ready']);
      expect(infos).not.toContain(UNLOADED_LOG);

      await waitFor(() => host.status.state === 'unloaded', 'the idle unload', 5_000);
      expect(performance.now() - endedAt).toBeGreaterThanOrEqual(IDLE_MS - MEASURING_SLACK_MS);
    } finally {
      await host.close();
    }
  }, 90_000);

  it('lets a request that arrives while the model is being freed wait, then loads it again', async () => {
    const { host, infos } = tinyHost(IDLE_MS);
    try {
      await host.prepare();
      await host.waitUntilReady({ userId: 'u1' });
      while (host.status.state !== 'unloaded') await nextTurn();
      // The line closed and the state changed first; freeing the memory takes a moment more.
      expect(infos).not.toContain(UNLOADED_LOG);
      const ready = host.waitUntilReady({ userId: 'u2' });
      expect(host.status.state).toBe('loading');
      expect(host.limiter.queued).toBe(1);
      await ready;
      expect(host.status.state).toBe('ready');
      // Loaded again only after the unload finished.
      const unloaded = infos.indexOf(UNLOADED_LOG);
      expect(unloaded).toBeGreaterThanOrEqual(0);
      expect(infos.lastIndexOf('local AI model ready')).toBeGreaterThan(unloaded);
      expect((await generate(host)).length).toBeGreaterThan(0);
    } finally {
      await host.close();
    }
  }, 30_000);

  it('keeps the model in memory once loaded with an idle time of 0', async () => {
    const { host, infos } = tinyHost(0);
    try {
      await host.prepare();
      await host.waitUntilReady({ userId: 'u1' });
      expect((await generate(host)).length).toBeGreaterThan(0);
      await sleep(3 * IDLE_MS);
      expect(host.status.state).toBe('ready');
      expect(infos.some((line) => line.startsWith('local AI model unloaded'))).toBe(false);
    } finally {
      await host.close();
    }
  }, 30_000);

  it('stops the countdown on close', async () => {
    const { host, infos } = tinyHost(IDLE_MS);
    await host.prepare();
    await host.waitUntilReady({ userId: 'u1' });
    await host.close();
    await sleep(2 * IDLE_MS);
    expect(infos).not.toContain(UNLOADED_LOG);
  }, 30_000);
});

describe('local model idle unloading through the app (LOCAL_MODEL_IDLE_MS)', () => {
  const logLines: string[] = [];
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      {
        AI_PROVIDER: 'local',
        LOCAL_MODEL: TINY_MODEL_PATH,
        LOCAL_MODEL_THREADS: String(THREADS),
        LOCAL_MODEL_CONTEXT: '1024',
        LOCAL_MODEL_IDLE_MS: String(IDLE_MS),
        AI_MAX_OUTPUT_TOKENS: '32',
        LOG_LEVEL: 'info',
      },
      { logger: { stream: { write: (line: string) => logLines.push(line) } } },
    );
    user = await createUser(t.app);
  });
  afterAll(() => t?.close());

  const aiStatus = async () =>
    (await t.app.inject({ url: '/api/ai/status', headers: user.headers })).json() as { state: string };
  const health = async () => (await t.app.inject({ url: '/api/health' })).json();
  const askArticle = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic: 'Idle models' },
    });
  const unloadLogs = () => logLines.filter((line) => JSON.parse(line).msg === UNLOADED_LOG).length;

  it('reports unloaded (healthy) at start, loading and ready for a request, and unloaded again after the idle time', async () => {
    await listen(t); // checks the model file, does not load it
    await waitFor(async () => (await health()).components.ai.state === 'unloaded', 'the model file check');
    const atRest = await health();
    expect(atRest.status).toBe('ok');
    expect(atRest.components.ai).toEqual({ provider: 'local', state: 'unloaded' });
    expect(await aiStatus()).toEqual({
      provider: 'local',
      model: 'llama-2-tiny-random.gguf',
      state: 'unloaded',
    });
    expect(t.app.ai.promptBudget().maxPromptTokens).toBe(768); // 0.75 of the configured 1024

    const seen = new Set<string>();
    let settled = false;
    const answer = askArticle().finally(() => {
      settled = true;
    });
    while (!settled) {
      seen.add((await aiStatus()).state);
      await sleep(5);
    }
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(res.json().article.length).toBeGreaterThan(0);
    expect(seen).toContain('loading');
    expect([...seen].every((state) => ['unloaded', 'loading', 'ready'].includes(state))).toBe(true);

    await waitFor(async () => (await aiStatus()).state === 'unloaded', 'the idle unload', 5_000);
    expect((await health()).status).toBe('ok');
    await waitFor(() => unloadLogs() === 1, 'the unload log line');

    const again = await askArticle();
    expect(again.statusCode).toBe(200);
    expect(again.json().article.length).toBeGreaterThan(0);
    await waitFor(async () => (await aiStatus()).state === 'unloaded', 'the second idle unload', 5_000);
    await waitFor(() => unloadLogs() === 2, 'the second unload log line');
  }, 60_000);
});
