import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { streamText } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalModelHost } from '#server/ai/local/local-model-host';
import { DownloadError, downloadModel, sha256Of } from '#server/ai/local/model-download';
import { createUser } from '#tests/factories/user';
import {
  type ModelFileServer,
  startModelFileServer,
  TINY_MODEL_PATH,
  TINY_MODEL_SHA256,
} from '#tests/fakes/model-file-server';
import { listen, openStream, waitFor } from '#tests/helpers/generation-calls';
import { deltaText, parseSse } from '#tests/helpers/sse';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

const quietLog = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const THREADS = Math.min(2, availableParallelism());

describe('local model: download, load on first use, stream, abort (tiny random-weights GGUF)', () => {
  let files: ModelFileServer;
  let dir: string;

  beforeAll(async () => {
    files = await startModelFileServer();
    dir = mkdtempSync(join(tmpdir(), 'draftsmith-models-'));
  });
  afterAll(async () => {
    await files.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resumes an interrupted download with a Range request and verifies the checksum', async () => {
    const path = join(dir, 'resumed.gguf');
    files.requests.length = 0;
    files.cutNextAfter(640 * 1024);
    const seen: number[] = [];
    await downloadModel({
      url: files.url,
      path,
      sha256: TINY_MODEL_SHA256,
      retryDelayMs: 10,
      onProgress: (p) => seen.push(p.receivedBytes),
    });
    expect(files.requests).toHaveLength(2);
    expect(files.requests[0]?.range).toBeUndefined();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(files.requests[1]?.range ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(640 * 1024);
    expect(await sha256Of(path)).toBe(TINY_MODEL_SHA256);
    expect(existsSync(`${path}.part`)).toBe(false);
    expect(seen.at(-1)).toBe(files.size);
  });

  it('resumes a part file left by an earlier run', async () => {
    const path = join(dir, 'restarted.gguf');
    writeFileSync(`${path}.part`, readFileSync(TINY_MODEL_PATH).subarray(0, 1_000_000));
    files.requests.length = 0;
    await downloadModel({ url: files.url, path, sizeBytes: files.size, sha256: TINY_MODEL_SHA256 });
    expect(files.requests.map((h) => h.range)).toEqual(['bytes=1000000-']);
    expect(await sha256Of(path)).toBe(TINY_MODEL_SHA256);
  });

  it('rejects a checksum or size mismatch and keeps no file', async () => {
    const path = join(dir, 'bad.gguf');
    const wrongSum = downloadModel({ url: files.url, path, sha256: '0'.repeat(64), retryDelayMs: 10 });
    await expect(wrongSum).rejects.toThrow(DownloadError);
    await expect(wrongSum).rejects.toThrow(/checksum mismatch/);
    expect(existsSync(path) || existsSync(`${path}.part`)).toBe(false);
    const wrongSize = downloadModel({ url: files.url, path, sizeBytes: 12345 });
    await expect(wrongSize).rejects.toThrow(/should have 12345/);
  });

  it('tries a failed download again after the backoff, resuming where it stopped; waiters get the failure', async () => {
    const path = join(dir, 'retried', 'tiny.gguf');
    files.requests.length = 0;
    files.setChunkDelay(10);
    files.cutNextAfter(640 * 1024);
    const failures: number[] = [];
    const host = new LocalModelHost({
      source: { kind: 'download', name: 'tiny', url: files.url, path, sha256: TINY_MODEL_SHA256 },
      threads: THREADS,
      contextSize: 1024,
      parallel: 1,
      queueLimit: 1,
      log: quietLog,
      progressOutput: null,
      downloadRetryDelayMs: 10,
      retryDelayMs: (count) => {
        failures.push(count);
        return 300;
      },
    });
    try {
      const first = host.prepare();
      await waitFor(
        () => host.status.state === 'downloading' && host.status.receivedBytes > 0,
        'the download to start',
      );
      files.failWith(503);
      host.assertAvailable('u1'); // a request may wait while the model is on its way
      const waiter = host.waitUntilReady({ userId: 'u1', id: 'g1' }).catch((err: unknown) => err);
      await first;
      expect(host.status).toMatchObject({ state: 'failed', retry: 'automatic', retryAt: expect.any(Number) });
      expect(await waiter).toMatchObject({ code: 'unavailable:model_missing' });
      const kept = statSync(`${path}.part`).size;
      expect(kept).toBeGreaterThan(0);

      files.failWith(null);
      files.requests.length = 0;
      await waitFor(() => host.status.state === 'unloaded', 'the automatic retry to finish', 30_000);
      expect(failures).toEqual([1]);
      expect(files.requests.map((h) => h.range)).toEqual([`bytes=${kept}-`]);
      expect(await sha256Of(path)).toBe(TINY_MODEL_SHA256);
      await host.waitUntilReady({ userId: 'u1' }); // loads it
      expect(host.status.state).toBe('ready');
      await host.waitUntilReady({ userId: 'u1' }); // ready: nothing to wait for
    } finally {
      files.setChunkDelay(0);
      files.failWith(null);
      await host.close();
    }
  }, 60_000);

  it('stops trying again once closed', async () => {
    files.failWith(503);
    files.requests.length = 0;
    const host = new LocalModelHost({
      source: { kind: 'download', name: 'tiny', url: files.url, path: join(dir, 'closed', 'tiny.gguf') },
      threads: THREADS,
      contextSize: 1024,
      parallel: 1,
      queueLimit: 1,
      log: quietLog,
      progressOutput: null,
      downloadRetryDelayMs: 10,
      retryDelayMs: () => 100,
    });
    try {
      await host.prepare();
      expect(host.status.state).toBe('failed');
      const requests = files.requests.length;
      await host.close();
      await new Promise((r) => setTimeout(r, 300));
      expect(files.requests.length).toBe(requests);
      expect(host.status.state).toBe('failed');
    } finally {
      files.failWith(null);
    }
  });

  it('loads with explicit threads, streams tokens, stops on abort and limits concurrency', async () => {
    const host = new LocalModelHost({
      source: {
        kind: 'download',
        name: 'tiny',
        url: files.url,
        path: join(dir, 'host', 'tiny.gguf'),
        sha256: TINY_MODEL_SHA256,
      },
      threads: THREADS,
      contextSize: 1024,
      parallel: 1,
      queueLimit: 0,
      log: quietLog,
      progressOutput: null,
    });
    expect(() => host.languageModel()).toThrow(/AI model is (downloading|loading)/);
    await host.prepare();
    expect(host.status).toEqual({ state: 'unloaded' }); // on disk, not in memory
    // No room to wait in this line (queueLimit 0): the request that wakes the model is told it loads.
    await expect(host.waitUntilReady({ userId: 'u1' })).rejects.toMatchObject({
      code: 'unavailable:model_loading',
    });
    await waitFor(() => host.status.state === 'ready', 'the model to load');
    expect(host.status).toMatchObject({ state: 'ready', threads: THREADS, sequences: 1 });
    const model = host.languageModel();

    const full = streamText({ model, prompt: 'Hello', maxOutputTokens: 24, maxRetries: 0 });
    let deltas = 0;
    for await (const text of full.textStream) if (text) deltas++;
    expect(deltas).toBeGreaterThan(0);
    expect(deltas).toBeLessThanOrEqual(24);
    expect((await full.usage).outputTokens).toBeLessThanOrEqual(24);

    const controller = new AbortController();
    const aborted = streamText({
      model,
      prompt: 'Hello',
      maxOutputTokens: 200,
      maxRetries: 0,
      abortSignal: controller.signal,
    });
    let beforeAbort = 0;
    for await (const part of aborted.fullStream) {
      if (part.type === 'text-delta' && ++beforeAbort === 5) controller.abort();
    }
    expect(beforeAbort).toBe(5);

    const first = streamText({ model, prompt: 'One', maxOutputTokens: 50, maxRetries: 0 });
    const firstReader = first.textStream.getReader();
    await firstReader.read(); // holds the only sequence
    const second = streamText({ model, prompt: 'Two', maxOutputTokens: 5, maxRetries: 0, onError: () => {} });
    const parts: string[] = [];
    for await (const part of second.fullStream)
      parts.push(part.type === 'error' ? String((part.error as Error).message) : part.type);
    expect(parts).toContain('The AI model is busy, please try again in a moment.');
    while (!(await firstReader.read()).done);
    await host.close();
  }, 60_000);
});

describe('local provider through the app', () => {
  let files: ModelFileServer;
  let t: TestApp;

  beforeAll(async () => {
    files = await startModelFileServer();
    files.setChunkDelay(100); // about 2.7 s for the whole file: long enough to watch it download
    t = await createTestApp('pglite', {
      AI_PROVIDER: 'local',
      LOCAL_MODEL: files.url,
      LOCAL_MODEL_SHA256: TINY_MODEL_SHA256,
      LOCAL_MODEL_THREADS: String(THREADS),
      LOCAL_MODEL_CONTEXT: '1024',
      AI_MAX_OUTPUT_TOKENS: '32',
      AI_QUEUE_LIMIT: '1',
    });
  });
  afterAll(async () => {
    await t.close();
    await files.close();
  });

  it('lets a request made while the model downloads wait for it, reports progress, then answers it', async () => {
    const alice = await createUser(t.app);
    const bob = await createUser(t.app);
    const base = await listen(t); // starts the download, as a started server does

    let ai = (await t.app.inject({ url: '/api/health' })).json().components.ai;
    for (let i = 0; i < 200 && !(ai.state === 'downloading' && ai.percent > 0); i++) {
      await new Promise((r) => setTimeout(r, 20));
      ai = (await t.app.inject({ url: '/api/health' })).json().components.ai;
    }
    expect(ai).toMatchObject({ provider: 'local', state: 'downloading', percent: expect.any(Number) });

    // Taken at once (its stream starts) and waiting in the model's line until the model is ready.
    const waiting = await openStream(base, alice, 'start');
    expect(waiting.text()).not.toContain('event: delta');
    expect(
      (await t.app.inject({ url: '/api/health', headers: alice.headers })).json().components.ai,
    ).toMatchObject({
      state: 'downloading',
      queued: 1,
    });
    // The line (AI_QUEUE_LIMIT=1) is full: the next request is told what the model is doing.
    const full = await t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: bob.headers,
      payload: { topic: 'Local models' },
    });
    expect(full.statusCode).toBe(503);
    expect(full.json().error.message).toMatch(/^AI model is downloading \(\d{1,2} %\)$/);
    expect(full.headers['retry-after']).toBe('30');

    const events = parseSse(await waiting.finished);
    expect((await t.app.inject({ url: '/api/health' })).json().components.ai.state).toBe('ready');
    expect(existsSync(join(t.dataDir, 'models', 'llama-2-tiny-random.gguf'))).toBe(true);
    const deltas = events.filter((e) => e.event === 'delta').length;
    expect(deltas).toBeGreaterThan(0);
    expect(deltas).toBeLessThanOrEqual(32);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data.article).toBe(deltaText(events));
    const chat = await t.app.inject({
      url: `/api/history/item/${done?.data.historyId}`,
      headers: alice.headers,
    });
    expect(chat.json().history.messages[1].content).toBe(done?.data.article);
  }, 60_000);
});

describe('local provider without a model', () => {
  it('answers 503 with how to configure a provider, while the rest of the app works', async () => {
    const t = await createTestApp('pglite', { AI_PROVIDER: 'local', LOCAL_MODEL: '/nonexistent/model.gguf' });
    try {
      const user = await createUser(t.app);
      const ask = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/generate-article',
          headers: user.headers,
          payload: { topic: 'x' },
        });
      await ask(); // starts preparation, which fails at once
      await new Promise((r) => setTimeout(r, 50));
      const res = await ask();
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toMatch(
        /^No AI model is available: LOCAL_MODEL file not found.*Configure a provider: set AI_PROVIDER/,
      );
      const health = (await t.app.inject({ url: '/api/health' })).json();
      expect(health.status).toBe('ok');
      expect(health.components.ai).toMatchObject({ provider: 'local', state: 'failed' });
      expect(
        (await t.app.inject({ url: `/api/history/${user.uid}`, headers: user.headers })).statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});
