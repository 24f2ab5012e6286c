import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackupArchive } from '#server/backup/archive-reader';
import { readBackupTokenFile } from '#server/backup/backup-token';
import { MIGRATIONS_DIR } from '#server/db/client';
import { readJournal } from '#server/db/migration-level';
import { freePort } from '#tests/helpers/free-port';

const SERVER = fileURLToPath(new URL('../../src/server/server.ts', import.meta.url));
const UPLOADS = 12;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A caller that stops reading a backup (Ctrl-C on `npm run backup`, a dropped connection) must cost
 * the server nothing: no crash, and the next backup runs. The real server process, over a real
 * socket, cut off at several points: while the database is dumped (before the first byte), in the
 * database entry, and in the uploads, which are larger than the socket buffers so the server is
 * still writing when the caller goes.
 */
describe('a backup cut off mid-stream (the real server)', { timeout: 120_000 }, () => {
  const root = mkdtempSync(join(tmpdir(), 'draftsmith-cut-off-'));
  const dataDir = join(root, 'data');
  let child: ChildProcess;
  let url: string;
  let token: string;
  let output = '';

  beforeAll(async () => {
    mkdirSync(join(dataDir, 'uploads'), { recursive: true });
    for (let n = 0; n < UPLOADS; n++) {
      writeFileSync(join(dataDir, 'uploads', `${randomUUID()}.png`), randomBytes(1024 * 1024));
    }
    const port = await freePort();
    child = spawn(process.execPath, [SERVER], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tmpdir(),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        // A remote provider nobody calls: the local model would start downloading.
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: 'http://127.0.0.1:9/v1',
        AI_MODEL: 'm',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    // The token file is written once the server listens.
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
      const file = await readBackupTokenFile(dataDir).catch(() => null);
      if (file) {
        ({ url, token } = file);
        break;
      }
      if (tries > 600) throw new Error(`The server did not start:\n${output}`);
      await sleep(100);
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(root, { recursive: true, force: true });
  });

  /** Asks for a backup on a raw socket and closes it once `bytes` of the answer arrived (0: at once). */
  function cutOff(bytes: number): Promise<number> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let received = 0;
      socket.on('error', reject);
      socket.on('close', () => resolve(received));
      socket.write(
        `POST /api/admin/backup HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n` +
          'Content-Length: 0\r\n\r\n',
      );
      // The dump takes a second or more: the request is in the handler well before this.
      if (bytes === 0) setTimeout(() => socket.destroy(), 300);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= bytes) socket.destroy();
      });
    });
  }

  /** A whole backup, once the cut-off one has let go (it may still be dumping). */
  async function nextBackup(): Promise<Response> {
    for (const deadline = Date.now() + 30_000; ; ) {
      const response = await fetch(`${url}/api/admin/backup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.status !== 409 || Date.now() > deadline) return response;
      await response.body?.cancel();
      await sleep(200);
    }
  }

  const cutOffs = () => output.split('backup not finished: the caller closed the connection').length - 1;

  it.each([
    ['while the database is dumped', 0],
    ['in the database entry', 1_000_000],
    ['in the uploads', 9_000_000],
  ])('cut off %s: the server runs on and the next backup is whole', async (_where, bytes) => {
    const before = cutOffs();
    const received = await cutOff(bytes);
    expect(received).toBeGreaterThanOrEqual(bytes);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const response = await nextBackup();
    expect(response.status).toBe(200);
    const archive = join(root, `backup-${bytes}.tar.gz`);
    writeFileSync(archive, Buffer.from(await response.arrayBuffer()));
    const contents = await readBackupArchive(archive, { journal: readJournal(MIGRATIONS_DIR) });
    expect(contents).toMatchObject({ database: true, uploads: UPLOADS });
    rmSync(archive);

    // The server saw the caller go while it was still writing, and said so in one warning.
    expect(cutOffs()).toBe(before + 1);
    expect(child.exitCode).toBeNull();
  });
});
