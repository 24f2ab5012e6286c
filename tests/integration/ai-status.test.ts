import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sha256Of } from '#server/ai/local/model-download';
import { createUser, type TestUser } from '#tests/factories/user';
import {
  type ModelFileServer,
  startModelFileServer,
  TINY_MODEL_SHA256,
} from '#tests/fakes/model-file-server';
import { waitFor } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

const MODEL_FILE = 'llama-2-tiny-random.gguf';

async function aiStatus(t: TestApp, user: TestUser) {
  const res = await t.app.inject({ url: '/api/ai/status', headers: user.headers });
  expect(res.statusCode).toBe(200);
  return res;
}

const askArticle = (t: TestApp, user: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/generate-article',
    headers: user.headers,
    payload: { topic: 'Local models' },
  });

describe('GET /api/ai/status', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is for signed-in users only; a remote provider is ready, read from memory, cacheable for a second', async () => {
    t = await createTestApp('pglite', {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      AI_MODEL: 'served-model',
    });
    const anonymous = await t.app.inject({ url: '/api/ai/status' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized:auth');
    const res = await aiStatus(t, await createUser(t.app));
    expect(res.json()).toEqual({ provider: 'openai-compatible', model: 'served-model', state: 'ready' });
    expect(res.headers['cache-control']).toBe('private, max-age=1');
  });

  it('tells why no model can be had and what to do, before anyone fills a form; never retried', async () => {
    t = await createTestApp('pglite', { AI_PROVIDER: 'local', LOCAL_MODEL: 'hf:not-a-reference' });
    const user = await createUser(t.app);
    t.app.ai.prepare();
    await waitFor(async () => (await aiStatus(t!, user)).json().state === 'failed', 'the failure');
    const status = (await aiStatus(t, user)).json();
    expect(status).toMatchObject({ provider: 'local', model: 'unknown', state: 'failed', retry: 'never' });
    expect(status.reason).toMatch(/^LOCAL_MODEL=hf:\S*not-a-reference is not understood/);
    expect(status.advice).toMatch(/^Set LOCAL_MODEL to a \.gguf file on the server/);
    expect(status).not.toHaveProperty('retryAt');
    // A tool request cannot help here: it answers with the reason at once and the state stays.
    const res = await askArticle(t, user);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/^No AI model is available: LOCAL_MODEL=hf:\S*not-a-reference/);
    expect((await aiStatus(t, user)).json().state).toBe('failed');
  });
});

describe('a local model download that fails part-way, then comes back', () => {
  let files: ModelFileServer;
  let t: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    files = await startModelFileServer();
    files.setChunkDelay(20);
    t = await createTestApp('pglite', {
      AI_PROVIDER: 'local',
      LOCAL_MODEL: files.url,
      LOCAL_MODEL_SHA256: TINY_MODEL_SHA256,
      LOCAL_MODEL_THREADS: '2',
      LOCAL_MODEL_CONTEXT: '1024',
      AI_MAX_OUTPUT_TOKENS: '16',
    });
    user = await createUser(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await files?.close();
  });

  it('goes failed with the reason and the next attempt, then a tool request retries, resumes and is answered', async () => {
    // The first response is cut after 640 KB and the server then answers 503 until it is back.
    files.cutNextAfter(640 * 1024);
    t.app.ai.prepare();
    await waitFor(async () => {
      const status = (await aiStatus(t, user)).json();
      return status.state === 'downloading' && status.receivedBytes > 0;
    }, 'the download to start');
    files.failWith(503);
    const downloading = (await aiStatus(t, user)).json();
    expect(downloading).toMatchObject({ provider: 'local', model: MODEL_FILE, totalBytes: files.size });
    expect(downloading.percent).toBeGreaterThanOrEqual(0);
    expect(downloading.percent).toBeLessThan(100);

    await waitFor(async () => (await aiStatus(t, user)).json().state === 'failed', 'the failure', 15_000);
    const failedAt = Date.now();
    const failed = (await aiStatus(t, user)).json();
    const host = new URL(files.url).host;
    expect(failed).toMatchObject({
      provider: 'local',
      model: MODEL_FILE,
      state: 'failed',
      reason: `model download failed: HTTP 503 from http://${host}/${MODEL_FILE}`,
      retry: 'automatic',
    });
    expect(failed.advice).toMatch(/tried again by itself and resumes where it stopped/);
    // The first automatic retry is 5 s (± 20 %) away.
    const retryIn = Date.parse(failed.retryAt) - failedAt;
    expect(retryIn).toBeGreaterThan(3_000);
    expect(retryIn).toBeLessThanOrEqual(6_000);
    expect(JSON.stringify(failed)).not.toContain(t.dataDir);
    const part = join(t.dataDir, 'models', `${MODEL_FILE}.part`);
    const kept = statSync(part).size;
    expect(kept).toBeGreaterThanOrEqual(64 * 1024);
    expect(kept).toBeLessThanOrEqual(640 * 1024);

    // The network is back: a tool request does not wait for the timer, and waits for the model itself.
    files.failWith(null);
    files.requests.length = 0;
    const answer = askArticle(t, user);
    await waitFor(async () => (await aiStatus(t, user)).json().state !== 'failed', 'the retry to start');
    const res = await answer;
    expect(res.statusCode).toBe(200);
    expect(res.json().article.length).toBeGreaterThan(0);
    expect(res.json().status).toBe('complete');

    expect(files.requests.map((h) => h.range)).toEqual([`bytes=${kept}-`]);
    const file = join(t.dataDir, 'models', MODEL_FILE);
    expect(await sha256Of(file)).toBe(TINY_MODEL_SHA256);
    expect(existsSync(part)).toBe(false);
    expect((await aiStatus(t, user)).json()).toEqual({
      provider: 'local',
      model: MODEL_FILE,
      state: 'ready',
    });
  }, 60_000);
});
