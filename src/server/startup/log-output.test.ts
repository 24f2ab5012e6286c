import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LevelWithSilent, pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '#server/logger-options';
import { type LogFormat, type LogOutput, logOutput } from './log-output.ts';

const ESC = String.fromCharCode(27);
const SGR = new RegExp(`${ESC}\\[[\\d;]*m`, 'g');

/** A terminal's stdout, for output without cursor movement (the banner is not drawn in place here). */
class FakeTerminal {
  readonly isTTY = true;
  columns = 100;
  writes: string[] = [];
  write(text: string) {
    this.writes.push(text);
    return true;
  }
  output() {
    return this.writes.join('');
  }
  /** The lines written, colours left out. */
  screen() {
    return this.output().replace(SGR, '').split('\n').slice(0, -1);
  }
}

/** A pipe, a file, a collector: what systemd and Docker give a server. */
class FakePipe {
  readonly isTTY = false;
  writes: string[] = [];
  write(text: string) {
    this.writes.push(text);
    return true;
  }
}

describe('logOutput', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-log-output-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const choose = (
    stdout: FakeTerminal | FakePipe,
    format: LogFormat = 'auto',
    env: NodeJS.ProcessEnv = { TERM: 'xterm-256color' },
    level: LevelWithSilent = 'info',
  ) => logOutput({ format, level, dataDir, stdout, env });

  /** The app's logger as buildApp makes it (logger-options.ts) on the chosen destination. */
  const appLogger = (output: LogOutput, level: LevelWithSilent = 'info') => {
    const options = loggerOptions(level, output.logger) as pino.LoggerOptions & {
      stream: pino.DestinationStream;
    };
    return pino(options, options.stream);
  };
  const fileLines = () =>
    readFileSync(join(dataDir, 'logs', 'server.log'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; level: number });

  it('without a terminal: JSON lines on stdout as always (pino’s own destination), no banner, no file', () => {
    expect(choose(new FakePipe())).toEqual({ mode: 'json', banner: null });
    // LOG_FORMAT=json asks the same of a terminal.
    expect(choose(new FakeTerminal(), 'json')).toEqual({ mode: 'json', banner: null });
    // LOG_LEVEL=silent writes nothing, and makes no log file.
    expect(choose(new FakeTerminal(), 'auto', {}, 'silent')).toEqual({ mode: 'json', banner: null });
    expect(existsSync(join(dataDir, 'logs'))).toBe(false);
  });

  it('on a terminal: requests into the log file only, warnings as one readable line, the banner told of the file', () => {
    const tty = new FakeTerminal();
    const output = choose(tty);
    expect(output).toMatchObject({
      mode: 'pretty',
      banner: expect.any(Object),
      modelProgressOutput: null,
      logFile: join(dataDir, 'logs', 'server.log'),
    });
    const log = appLogger(output);
    log.child({ reqId: 'r1' }).info({ method: 'GET', url: '/api/health', status: 200 }, 'request');
    expect(tty.writes).toEqual([]);
    log.warn({ err: new Error('timeout'), token: 'secret-token' }, 'could not renew a lease');
    expect(tty.screen()).toEqual([
      expect.stringMatching(
        /^\d\d:\d\d:\d\d WARN {2}could not renew a lease {2}err=timeout {2}token=\[redacted\]$/,
      ),
    ]);
    expect(tty.output()).toContain(`${ESC}[33mWARN`);
    expect(fileLines()).toMatchObject([
      { level: 30, msg: 'request', reqId: 'r1', url: '/api/health' },
      { level: 40, msg: 'could not renew a lease', err: { message: 'timeout' }, token: '[redacted]' },
    ]);
  });

  it('writes the file at LOG_LEVEL, and no banner when LOG_LEVEL is quieter than info', () => {
    const tty = new FakeTerminal();
    const output = choose(tty, 'auto', {}, 'warn');
    expect(output).toMatchObject({ mode: 'pretty', banner: null });
    expect(output.modelProgressOutput).toBeUndefined(); // the download's own progress bar, as before
    const log = appLogger(output, 'warn');
    log.info('left out');
    log.error('kept');
    expect(fileLines().map((line) => line.msg)).toEqual(['kept']);
    expect(tty.screen()).toEqual([expect.stringMatching(/ERROR kept$/)]);
  });

  it('without colours or cursor movement for NO_COLOR, TERM=dumb and LOG_FORMAT=pretty into a pipe', () => {
    for (const [stdout, format, env] of [
      [new FakeTerminal(), 'auto', { NO_COLOR: '1' }],
      [new FakeTerminal(), 'auto', { TERM: 'dumb' }],
      [new FakePipe(), 'pretty', {}],
    ] as const) {
      const output = choose(stdout, format, env);
      expect(output.mode).toBe('pretty');
      appLogger(output).error('plain');
      output.banner?.show(() => ({
        open: ['http://localhost:3000'],
        listening: [],
        dataDir,
        database: { kind: 'pglite' },
        ai: { provider: 'openai', model: 'm', state: 'ready' },
      }));
      output.banner?.close();
      const text = stdout.writes.join('');
      expect(text).toMatch(/ERROR plain\n/);
      expect(text).toContain('Draftsmith is running');
      expect(text).not.toContain(ESC);
    }
  });
});
