import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalModelHost } from '#server/ai/local/local-model-host';
import { DiskFullError, downloadModel } from '#server/ai/local/model-download';
import { type ModelFileServer, startModelFileServer } from '#tests/fakes/model-file-server';

/**
 * A full disk while the model downloads: the part file is a symlink to /dev/full, whose every write
 * fails with ENOSPC as on a full disk (Linux), and a size larger than any disk is refused before a byte
 * is fetched.
 */
describe.skipIf(process.platform !== 'linux')('model download on a full disk', () => {
  let files: ModelFileServer;
  let dir: string;

  beforeAll(async () => {
    files = await startModelFileServer();
    dir = mkdtempSync(join(tmpdir(), 'draftsmith-disk-full-'));
  });
  afterAll(async () => {
    await files.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A models directory whose part file writes into /dev/full. */
  function fullDisk(name: string): string {
    const models = join(dir, name);
    mkdirSync(models);
    symlinkSync('/dev/full', join(models, 'tiny.gguf.part'));
    return join(models, 'tiny.gguf');
  }

  it('stops at once with "disk full: N MB needed at <dir>", without retrying', async () => {
    const path = fullDisk('write');
    files.requests.length = 0;
    const err = await downloadModel({ url: files.url, path, retryDelayMs: 10 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiskFullError);
    expect((err as Error).message).toMatch(
      new RegExp(`^disk full: 2 MB needed at ${join(dir, 'write')}, \\d+ MB free$`),
    );
    expect(files.requests).toHaveLength(1);
  });

  it('refuses a model larger than the free space before downloading', async () => {
    files.requests.length = 0;
    const path = join(dir, 'huge', 'tiny.gguf');
    const err = await downloadModel({ url: files.url, path, sizeBytes: 2 ** 53 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiskFullError);
    expect((err as Error).message).toMatch(/^disk full: \d+ MB needed at .*huge, \d+ MB free$/);
    expect(files.requests).toHaveLength(0);
  });

  it('leaves the local model failed with the reason, logged in full, to be tried again', async () => {
    const warnings: string[] = [];
    const log = {
      info() {},
      warn: (_: unknown, message: string) => warnings.push(message),
      error() {},
      debug() {},
    } as unknown as FastifyBaseLogger;
    const host = new LocalModelHost({
      source: { kind: 'download', name: 'tiny', url: files.url, path: fullDisk('host') },
      threads: 1,
      contextSize: 1024,
      parallel: 1,
      queueLimit: 1,
      log,
      progressOutput: null,
      retryDelayMs: () => 60_000,
    });
    try {
      await host.prepare();
      expect(host.status).toMatchObject({
        state: 'failed',
        retry: 'automatic',
        // Shown to users: redacted to the directory's name (docs: redactForDisplay).
        reason: expect.stringMatching(/\(disk full: 2 MB needed at host, \d+ MB free\)$/),
      });
      expect(warnings).toEqual([
        expect.stringContaining(`(disk full: 2 MB needed at ${join(dir, 'host')}, `),
      ]);
    } finally {
      await host.close();
    }
  });
});
