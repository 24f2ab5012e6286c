import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
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
/** Waits that only bound a test that would otherwise hang: generous, so that a slow machine passes. */
const EVENTUALLY_MS = 30_000;

/**
 * Each idle countdown, as the host's timer saw it: when it began and, if it ran out, when it ended and
 * whether that unloaded the model (one that runs out under a generation leaves it). A use of the model
 * begins one (it keeps the model a while longer) and the end of the last generation another.
 */
interface Countdown {
  startedAt: number;
  elapsedAt?: number;
  unloaded?: boolean;
}

/**
 * A host on the tiny model file whose info lines are kept, in order, and whose idle countdowns are
 * recorded as its timer runs them: the tests check when a countdown began and ended, not how fast the
 * machine is.
 */
function tinyHost(idleUnloadMs: number, onUnloading?: () => void) {
  const infos: string[] = [];
  const countdowns: Countdown[] = [];
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
    observeIdleCountdown: (event) => {
      if (event === 'started') countdowns.push({ startedAt: performance.now() });
      else {
        const unloaded = host.status.state === 'unloaded';
        Object.assign(countdowns.at(-1)!, { elapsedAt: performance.now(), unloaded });
        if (unloaded) onUnloading?.();
      }
    },
    log,
    progressOutput: null,
  });
  return { host, infos, countdowns };
}

/** The countdowns that unloaded the model. */
const unloading = (countdowns: Countdown[]) => countdowns.filter((c) => c.unloaded);

/** One generation straight on the model (as a long document's later parts call it), its text. */
async function generate(host: LocalModelHost, maxOutputTokens = 16): Promise<string> {
  const result = streamText({ model: host.languageModel(), prompt: 'Hello', maxOutputTokens, maxRetries: 0 });
  let text = '';
  for await (const delta of result.textStream) text += delta;
  return text;
}

describe('local model: loaded on first use, unloaded when idle (tiny random-weights GGUF)', () => {
  it('is unloaded once its file is checked; a request loads it; it leaves memory after the idle time and a later call loads it again', async () => {
    const { host, infos, countdowns } = tinyHost(IDLE_MS);
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
      const before = countdowns.length;
      expect((await generate(host)).length).toBeGreaterThan(0);
      // Its use began a countdown, and its end another; neither unloaded the model meanwhile.
      expect(countdowns).toHaveLength(before + 2);
      expect(unloading(countdowns)).toEqual([]);

      await waitFor(() => host.status.state === 'unloaded', 'the idle unload', EVENTUALLY_MS);
      // The unload came from the countdown its end began, a whole idle time after it began.
      const last = countdowns.at(-1)!;
      expect(unloading(countdowns)).toEqual([last]);
      expect(last.elapsedAt! - last.startedAt).toBeGreaterThanOrEqual(IDLE_MS - 1);
      await waitFor(() => infos.includes(UNLOADED_LOG), 'the unload to finish', EVENTUALLY_MS);
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
    const { host, infos, countdowns } = tinyHost(IDLE_MS);
    try {
      await host.prepare();
      await host.waitUntilReady({ userId: 'u1' });
      const before = countdowns.length;
      const states = new Set<string>();
      let watching = true;
      const watch = (async () => {
        while (watching) {
          states.add(host.status.state);
          await sleep(20);
        }
      })();
      // parallel 1: the second waits in line while the first runs, each as long as it takes.
      const first = generate(host, 120);
      const second = generate(host, 30);
      const [long, waiting] = await Promise.all([first, second]);
      watching = false;
      await watch;
      expect(long.length).toBeGreaterThan(0);
      expect(waiting.length).toBeGreaterThan(0);
      expect([...states]).toEqual(['ready']);
      expect(infos).not.toContain(UNLOADED_LOG);
      // Each use began a countdown and only the second's end another: the first's end, with the second
      // in line, began none; none unloaded the model.
      expect(countdowns).toHaveLength(before + 3);
      expect(unloading(countdowns)).toEqual([]);

      await waitFor(() => host.status.state === 'unloaded', 'the idle unload', EVENTUALLY_MS);
      // The one the second's end began unloaded it, a whole idle time later.
      const last = countdowns.at(-1)!;
      expect(unloading(countdowns)).toEqual([last]);
      expect(last.elapsedAt! - last.startedAt).toBeGreaterThanOrEqual(IDLE_MS - 1);
    } finally {
      await host.close();
    }
  }, 90_000);

  it('lets a request that arrives while the model is being freed wait, then loads it again', async () => {
    // The request comes the moment the countdown ran out: the line closed and the state changed, and
    // freeing the memory has only begun.
    let arrival: { unloadLogged: boolean; state: string; queued: number; ready: Promise<void> } | undefined;
    const { host, infos } = tinyHost(IDLE_MS, () => {
      const unloadLogged = infos.includes(UNLOADED_LOG);
      const ready = host.waitUntilReady({ userId: 'u2' });
      arrival = { unloadLogged, state: host.status.state, queued: host.limiter.queued, ready };
    });
    try {
      await host.prepare();
      await host.waitUntilReady({ userId: 'u1' });
      await waitFor(() => arrival !== undefined, 'the idle unload', EVENTUALLY_MS);
      expect(arrival).toMatchObject({ unloadLogged: false, state: 'loading', queued: 1 });
      await arrival!.ready;
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
    await waitFor(
      async () => (await health()).components.ai.state === 'unloaded',
      'the model file check',
      EVENTUALLY_MS,
    );
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

    await waitFor(async () => (await aiStatus()).state === 'unloaded', 'the idle unload', EVENTUALLY_MS);
    expect((await health()).status).toBe('ok');
    await waitFor(() => unloadLogs() === 1, 'the unload log line', EVENTUALLY_MS);

    const again = await askArticle();
    expect(again.statusCode).toBe(200);
    expect(again.json().article.length).toBeGreaterThan(0);
    await waitFor(
      async () => (await aiStatus()).state === 'unloaded',
      'the second idle unload',
      EVENTUALLY_MS,
    );
    await waitFor(() => unloadLogs() === 2, 'the second unload log line', EVENTUALLY_MS);
  }, 60_000);
});
