import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '#server/db/data-dir-lock';

const SERVER = fileURLToPath(new URL('../../src/server/server.ts', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real server (from source, as `npm run dev` does) with this environment and waits for it to end. */
function startServer(env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tmpdir(),
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    // A start that does not fail is a failed test: it must not be left running.
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The start failed with exit code 1 and exactly one line on stderr, and no stack trace anywhere. */
function expectOneLineFailure(run: Run): string {
  expect(run.code).toBe(1);
  const lines = run.stderr.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(run.stderr + run.stdout).not.toMatch(/\n\s+at .+:\d+:\d+/);
  return lines[0] ?? '';
}

describe('a start that fails says so in one line with the fix (the real server)', {
  timeout: 120_000,
}, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-start-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('port in use: which port and host, and PORT', async () => {
    const blocker = await listening();
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await startServer({
        DATA_DIR: join(dataDir, 'port'),
        HOST: '127.0.0.1',
        PORT: String(port),
      });
      expect(expectOneLineFailure(run)).toBe(
        `Port ${port} on 127.0.0.1 is already in use (another Draftsmith or another program): ` +
          `stop it, or set PORT=… to a free port, e.g. PORT=${port + 1}.`,
      );
    } finally {
      blocker.close();
    }
  });

  it('DATA_DIR locked by another process: its pid', async () => {
    const dir = join(dataDir, 'locked');
    mkdirSync(dir);
    const lock = lockDataDir(dir); // this test process holds it
    const run = await startServer({ DATA_DIR: dir }).finally(() => lock.release());
    expect(expectOneLineFailure(run)).toMatch(
      new RegExp(
        `^DATA_DIR ${dir} is in use by another Draftsmith process \\(pid ${process.pid} on host .+\\)\\. Stop that process, or set DATA_DIR to another directory\\.`,
      ),
    );
  });

  it('DATA_DIR not writable (under /proc, where recursive mkdir used to spin forever): the path', async () => {
    const run = await startServer({ DATA_DIR: '/proc/draftsmith-data' });
    expect(expectOneLineFailure(run)).toBe(
      'DATA_DIR /proc/draftsmith-data is not writable (mkdir /proc/draftsmith-data: cannot be created there): ' +
        'set DATA_DIR=… to a directory this user can write, or fix its permissions.',
    );
    expect(run.stdout).toBe('');
  });

  it('DATABASE_URL unreachable: host and port, never the password; the stack only at LOG_LEVEL=debug', async () => {
    const env = { DATA_DIR: join(dataDir, 'pg'), DATABASE_URL: 'postgres://u:s3cret-pw@127.0.0.1:1/x' };
    const run = await startServer(env);
    expect(expectOneLineFailure(run)).toBe(
      'Cannot connect to PostgreSQL at 127.0.0.1:1 (connection refused): check that PostgreSQL is running and listening there, and the host and port in DATABASE_URL.',
    );
    expect(run.stdout + run.stderr).not.toContain('s3cret');

    const debug = await startServer({ ...env, LOG_LEVEL: 'debug' });
    expect(debug.code).toBe(1);
    const logged = debug.stdout
      .split('\n')
      .filter(Boolean)
      .map(
        (line) => JSON.parse(line) as { level: number; msg: string; step?: string; err?: { stack?: string } },
      );
    expect(logged).toContainEqual(
      expect.objectContaining({ level: 20, msg: 'start failed', step: 'database', err: expect.any(Object) }),
    );
    expect(logged.find((entry) => entry.msg === 'start failed')?.err?.stack).toMatch(
      /ECONNREFUSED[\s\S]*\n\s+at /,
    );
    expect(debug.stderr).toBe(run.stderr);
  });

  it('a bad environment value: the message the configuration already gives', async () => {
    const run = await startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('Invalid configuration:\n  PORT: Invalid input: expected number, received NaN\n');
  });
});

function listening(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
