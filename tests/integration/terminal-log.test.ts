import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config/config';
import { bannerSnapshot } from '#server/startup/banner-snapshot';
import { type LogOutput, logOutput } from '#server/startup/log-output';
import {
  type ModelFileServer,
  startModelFileServer,
  TINY_MODEL_SHA256,
} from '#tests/fakes/model-file-server';
import { CURSOR_UP, ESC, FakeTerminal } from '#tests/helpers/fake-terminal';
import { freePort } from '#tests/helpers/free-port';
import { waitFor } from '#tests/helpers/generation-calls';
import { createTestDatabase, type TestDatabase } from '#tests/helpers/test-database';

const SERVER = fileURLToPath(new URL('../../src/server/server.ts', import.meta.url));
const TITLE = 'Draftsmith is running';

interface JsonLine {
  level: number;
  msg: string;
  reqId?: string;
  [field: string]: unknown;
}

/**
 * The log as a person at a terminal sees it, the app started as server.ts starts it (logOutput, buildApp,
 * listen, the banner) on a fake TTY while the local model downloads: requests only in the log file,
 * warnings as one readable line, the banner drawn once and redrawn in place.
 */
describe('the log on a terminal', () => {
  let files: ModelFileServer;
  let db: TestDatabase;
  let dataDir: string;
  let tty: FakeTerminal;
  let output: LogOutput;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    files = await startModelFileServer();
    files.setChunkDelay(60); // about 1.7 s for the whole file: several redraws of the progress
    dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-terminal-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      AI_PROVIDER: 'local',
      LOCAL_MODEL: files.url,
      LOCAL_MODEL_SHA256: TINY_MODEL_SHA256,
      LOCAL_MODEL_THREADS: '1',
      LOCAL_MODEL_CONTEXT: '1024',
    });
    db = await createTestDatabase('pglite');
    tty = new FakeTerminal();
    output = logOutput({
      format: config.LOG_FORMAT,
      level: config.LOG_LEVEL,
      dataDir,
      stdout: tty,
      env: { TERM: 'xterm-256color' },
    });
    app = await buildApp({
      config,
      database: db.database,
      secret: 'test-secret-that-is-at-least-32-characters-long',
      logger: output.logger,
      modelProgressOutput: output.modelProgressOutput,
    });
    await app.listen({ port: 0, host: '127.0.0.1' }); // starts the download, as a started server does
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    app.log.info(`Draftsmith is ready at ${base} (database: pglite)`);
    output.banner?.show(bannerSnapshot(app, output.logFile));
  });
  afterAll(async () => {
    output?.banner?.close();
    await app?.close();
    await db?.destroy();
    await files?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const fileLines = () =>
    readFileSync(join(dataDir, 'logs', 'server.log'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as JsonLine);
  /** The screen without the banner at its bottom. */
  const logOnScreen = () => {
    const screen = tty.screen();
    return screen.slice(
      0,
      screen.findIndex((line) => line.startsWith(TITLE)),
    );
  };

  it('chooses the terminal’s log and tells where the file is', () => {
    expect(output).toMatchObject({ mode: 'pretty', logFile: join(dataDir, 'logs', 'server.log') });
    const row = `  Log       ${join(dataDir, 'logs', 'server.log')} (requests included)`;
    expect(tty.screen()).toContain(row);
  });

  it('writes a request to the log file only', async () => {
    const before = tty.output();
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${base}/api/health`);
      expect(response.status).toBe(200);
      const reqId = response.headers.get('x-request-id') ?? '';
      await waitFor(() => fileLines().some((line) => line.reqId === reqId), 'the request line');
      expect(fileLines().find((line) => line.reqId === reqId)).toMatchObject({
        level: 30,
        msg: 'request',
        method: 'GET',
        url: '/api/health',
        status: 200,
      });
      expect(tty.output()).not.toContain(reqId);
    }
    expect(tty.output().slice(before.length)).not.toContain('/api/health');
    expect(logOnScreen().join('\n')).not.toContain('{');
  });

  it('prints a warning as one readable line above the banner, and in full in the file', async () => {
    const linesBefore = logOnScreen().length;
    // A page of another site calls the auth API: refused, and the server warns.
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'a@example.com', password: 'password-1234' }),
    });
    expect(response.status).toBe(403);
    const reqId = response.headers.get('x-request-id') ?? '';
    await waitFor(() => logOnScreen().length > linesBefore, 'the warning on the terminal');
    const added = logOnScreen().slice(linesBefore);
    expect(added).toEqual([
      expect.stringMatching(
        new RegExp(
          `^\\d\\d:\\d\\d:\\d\\d WARN {2}auth: refused a page from another origin .* origin=https://evil.example .*reqId=${reqId}$`,
        ),
      ),
    ]);
    await waitFor(
      () => fileLines().some((line) => line.reqId === reqId && line.msg === 'request'),
      'the request line',
    );
    expect(fileLines().filter((line) => line.reqId === reqId)).toMatchObject([
      { level: 40, msg: expect.stringMatching(/^auth: refused a page/), origin: 'https://evil.example' },
      { level: 30, msg: 'request', status: 403, error: { code: 'forbidden:origin' } },
    ]);
  });

  it('draws the banner once and redraws it in place as the model downloads', async () => {
    await waitFor(
      () => tty.screen().some((line) => line.includes('ready (loads into memory on first use)')),
      'the download to end',
      30_000,
    );
    const writes = tty.writes;
    const banners = writes.filter((text) => text.includes(TITLE));
    // The first drawing moves no cursor; every later one first moves up over the one before and clears it.
    expect(banners[0]).not.toMatch(CURSOR_UP);
    expect(banners.length).toBeGreaterThan(2);
    for (const text of banners.slice(1)) expect(text).toMatch(new RegExp(`^${ESC}\\[\\d+A${ESC}\\[0J`));
    expect(banners.some((text) => /downloading \S*\[#*-+\] \d+ %/.test(text))).toBe(true);
    // On screen: one banner, at the bottom, below the log.
    const screen = tty.screen();
    expect(screen.filter((line) => line.startsWith(TITLE))).toHaveLength(1);
    expect(screen.at(-1)).toContain('ready (loads into memory on first use)');
    expect(screen.filter((line) => line.includes('downloading'))).toEqual([]);
    expect(logOnScreen()).toEqual([
      expect.stringMatching(/INFO {2}Server listening at http:\/\/127\.0\.0\.1:\d+$/), // Fastify's
      expect.stringMatching(/INFO {2}Draftsmith is ready at http:\/\/127\.0\.0\.1:\d+ \(database: pglite\)$/),
      expect.stringMatching(/WARN {2}auth: refused a page/),
    ]);
  });
});

/** Without a terminal (a pipe, as under systemd or Docker): the real server writes JSON lines as before. */
describe('the log without a terminal (the real server, stdout a pipe)', { timeout: 120_000 }, () => {
  let child: ChildProcess;
  let dataDir: string;
  let stdout = '';
  let base: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-pipe-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [SERVER], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: tmpdir(),
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
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
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stdout += chunk;
    });
    await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`The server exited at start:\n${stdout}`);
        return stdout.includes('Draftsmith is ready');
      },
      'the server to start',
      90_000,
    );
  });
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes every line, requests included, as JSON on stdout, with no banner and no log file', async () => {
    const response = await fetch(`${base}/api/health`);
    const reqId = response.headers.get('x-request-id');
    await waitFor(() => stdout.includes(`"reqId":"${reqId}"`), 'the request line');
    const lines = stdout.trimEnd().split('\n');
    const parsed = lines.map((line) => JSON.parse(line) as JsonLine);
    expect(parsed.find((line) => line.reqId === reqId)).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/health',
      status: 200,
      time: expect.any(Number),
      pid: child.pid,
      hostname: expect.any(String),
    });
    expect(parsed.some((line) => line.msg.startsWith('Draftsmith is ready at'))).toBe(true);
    expect(stdout).not.toContain(TITLE);
    expect(stdout).not.toContain(ESC);
    expect(existsSync(join(dataDir, 'logs'))).toBe(false);
  });
});
