import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalModelHost } from '#server/ai/local/local-model-host';
import { createUser, type TestUser } from '#tests/factories/user';
import { type ModelFileServer, startModelFileServer } from '#tests/fakes/model-file-server';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';

const SECRET = 'hf_secretTokenThatMustNotLeak0123456789';

async function health(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: '/api/health', headers });
  expect(res.statusCode).toBe(200);
  return res;
}

/** Starts the local model's preparation with a tool call, then waits until it has failed. */
async function failedToolMessage(t: TestApp, user: TestUser): Promise<string> {
  const ask = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/generate-article',
      headers: user.headers,
      payload: { topic: 'x' },
    });
  await ask();
  for (let i = 0; i < 200; i++) {
    const ai = (await health(t, user.headers)).json().components.ai;
    if (ai.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const res = await ask();
  expect(res.statusCode).toBe(503);
  return res.json().error.message;
}

describe('health: coarse for everyone, details for signed-in callers, secrets for no one', () => {
  let files: ModelFileServer;
  beforeAll(async () => {
    files = await startModelFileServer();
    files.failWith(401);
  });
  afterAll(() => files.close());

  it('hides a LOCAL_MODEL URL with a token in its query, in health and in the 503', async () => {
    const t = await createTestApp('pglite', {
      AI_PROVIDER: 'local',
      LOCAL_MODEL: `${files.url}?token=${SECRET}`,
    });
    try {
      const user = await createUser(t.app);
      const message = await failedToolMessage(t, user);
      const host = new URL(files.url).host;
      expect(message).toContain(`HTTP 401 from http://${host}/llama-2-tiny-random.gguf`);
      expect(message).not.toContain('token');

      const anonymous = await health(t);
      expect(anonymous.payload).not.toContain(SECRET);
      expect(anonymous.json().components.ai).toEqual({ provider: 'local', state: 'failed' });

      const signedIn = await health(t, user.headers);
      expect(signedIn.payload).not.toContain('token');
      expect(signedIn.json().components.ai).toMatchObject({
        provider: 'local',
        model: 'llama-2-tiny-random.gguf',
        state: 'failed',
        reason: `model download failed: HTTP 401 from http://${host}/llama-2-tiny-random.gguf`,
      });
    } finally {
      await t.close();
    }
  });

  it('hides the user and password of a LOCAL_MODEL URL', async () => {
    const t = await createTestApp('pglite', {
      AI_PROVIDER: 'local',
      LOCAL_MODEL: files.url.replace('://', `://ops:${SECRET}@`),
    });
    try {
      const user = await createUser(t.app);
      const message = await failedToolMessage(t, user);
      expect(message).toContain('http://127.0.0.1');
      expect(message).not.toMatch(/ops:|hf_secret/);
      expect((await health(t, user.headers)).payload).not.toMatch(/ops:|hf_secret/);
    } finally {
      await t.close();
    }
  });

  it('shows a missing model file by its name only, never its directory', async () => {
    const t = await createTestApp('pglite', {
      AI_PROVIDER: 'local',
      LOCAL_MODEL: '/srv/private-volume/models/missing.gguf',
    });
    try {
      const user = await createUser(t.app);
      const message = await failedToolMessage(t, user);
      expect(message).toMatch(/^No AI model is available: LOCAL_MODEL file not found: missing\.gguf\. /);
      expect((await health(t)).payload).not.toContain('missing.gguf');
      const details = await health(t, user.headers);
      expect(details.payload).not.toContain('private-volume');
      expect(details.json().components.ai.reason).toBe('LOCAL_MODEL file not found: missing.gguf');
    } finally {
      await t.close();
    }
  });

  it('does not echo a LOCAL_MODEL it cannot understand', async () => {
    const t = await createTestApp('pglite', {
      AI_PROVIDER: 'local',
      LOCAL_MODEL: `https://models.example.test/?token=${SECRET}`,
    });
    try {
      const user = await createUser(t.app);
      const message = await failedToolMessage(t, user);
      expect(message).toContain('LOCAL_MODEL URL does not name a file: https://models.example.test.');
      expect(message).not.toContain(SECRET);
      expect((await health(t, user.headers)).payload).not.toContain(SECRET);
    } finally {
      await t.close();
    }
  });

  it('shows a remote model to signed-in callers only; a bad token is just anonymous', async () => {
    const t = await createTestApp('pglite', {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `http://admin:${SECRET}@127.0.0.1:9/v1`,
      AI_MODEL: 'private-finetune',
    });
    try {
      const user = await createUser(t.app);
      const anonymous = (await health(t)).json();
      expect(anonymous.status).toBe('ok');
      expect(anonymous.database).toMatchObject({ kind: 'pglite', ok: true });
      expect(anonymous.components.ai).toEqual({ provider: 'openai-compatible', state: 'ready' });
      expect((await health(t, { authorization: 'Bearer not-a-token' })).json()).toEqual(
        expect.objectContaining({ components: anonymous.components }),
      );
      const signedIn = await health(t, user.headers);
      expect(signedIn.json().components.ai).toEqual({
        provider: 'openai-compatible',
        model: 'private-finetune',
        state: 'ready',
      });
      expect(signedIn.payload).not.toContain(SECRET);
    } finally {
      await t.close();
    }
  });

  it('keeps the full reason for the server log', async () => {
    const warnings: string[] = [];
    const log = {
      info() {},
      debug() {},
      error() {},
      warn: (_obj: unknown, msg: string) => warnings.push(msg),
    } as unknown as FastifyBaseLogger;
    const dir = mkdtempSync(join(tmpdir(), 'draftsmith-models-'));
    const url = `${files.url}?token=${SECRET}`;
    const host = new LocalModelHost({
      source: { kind: 'download', name: 'm.gguf', url, path: join(dir, 'm.gguf') },
      threads: 1,
      contextSize: 1024,
      parallel: 1,
      queueLimit: 0,
      log,
      progressOutput: null,
    });
    try {
      await host.prepare();
      expect(host.status).toMatchObject({ state: 'failed' });
      expect(JSON.stringify(host.status)).not.toContain(SECRET);
      expect(warnings.join('\n')).toContain(url);
    } finally {
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
