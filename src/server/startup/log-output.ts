import { join } from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { type LevelWithSilent, pino } from 'pino';
import { REQUEST_LOG_MESSAGE } from '#server/plugins/request-log';
import { type BannerTerminal, createBannerTerminal, type TerminalOutput } from './banner-terminal.ts';
import { cappedLogFile, type LogFile } from './log-file.ts';
import { formatLogLine, terminalLogStream } from './terminal-log.ts';

export type LogFormat = 'auto' | 'json' | 'pretty';

export interface LogOutputOptions {
  /** LOG_FORMAT: `auto` reads stdout's isTTY. */
  format: LogFormat;
  level: LevelWithSilent;
  /** Absolute; the log file goes to `logs/server.log` in it. */
  dataDir: string;
  stdout?: TerminalOutput & { isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
}

/** What server.ts hands to buildApp and shows, per LogOutputOptions. */
export interface LogOutput {
  /** JSON lines to stdout, as always without a terminal (pino's own destination); or the terminal's log. */
  mode: 'json' | 'pretty';
  /** buildApp's `logger` (a destination stream); undefined: pino's stdout. */
  logger?: FastifyServerOptions['logger'];
  /** buildApp's `modelProgressOutput`: null when the banner draws the download itself. */
  modelProgressOutput?: null;
  /** The start banner to show once the server listens, or null (JSON, or LOG_LEVEL quieter than info). */
  banner: BannerTerminal | null;
  /** The log file (absolute), in pretty mode. */
  logFile?: string;
}

/**
 * Where the log goes. Without a terminal (systemd, Docker, a pipe) or with LOG_FORMAT=json: JSON lines on
 * stdout, exactly as collectors read them. On a terminal (or LOG_FORMAT=pretty): a pino.multistream of
 *
 * - the log file, `DATA_DIR/logs/server.log` (log-file.ts): every line at LOG_LEVEL, the same JSON;
 * - the terminal (terminal-log.ts): every line but the requests, one readable line each, above the start
 *   banner; the request lines are dropped by their message before anything is parsed or formatted.
 *
 * The banner (shown when LOG_LEVEL lets information through, as before) says where the file is, and is
 * redrawn in place on a TTY without NO_COLOR or TERM=dumb; colours likewise.
 */
export function logOutput(options: LogOutputOptions): LogOutput {
  const stdout = options.stdout ?? process.stdout;
  const env = options.env ?? process.env;
  const tty = stdout.isTTY === true;
  const json = options.format === 'json' || (options.format === 'auto' && !tty);
  // LOG_LEVEL=silent writes nothing anywhere: no log file either.
  if (json || options.level === 'silent') return { mode: 'json', banner: null };

  const plain = !tty || Boolean(env.NO_COLOR) || env.TERM === 'dumb';
  const terminal = createBannerTerminal(stdout, { color: !plain, inPlace: !plain });
  const file: LogFile = cappedLogFile(join(options.dataDir, 'logs', 'server.log'), {
    onError: (err) => {
      const record = {
        level: pino.levels.values.error ?? 50,
        time: Date.now(),
        msg: 'the log file cannot be written: from now on the log is only what this terminal shows',
        file: file.path,
        err: { type: err.name, message: err.message },
      };
      terminal.logStream.write(`${formatLogLine(record, { color: !plain })}\n`);
    },
  });
  const stream = pino.multistream([
    { level: options.level, stream: file },
    {
      level: options.level,
      stream: terminalLogStream(terminal.logStream, {
        color: !plain,
        leaveOut: new Set([REQUEST_LOG_MESSAGE]),
      }),
    },
  ]);
  const banner = ['info', 'debug', 'trace'].includes(options.level) ? terminal : null;
  return {
    mode: 'pretty',
    logger: { stream },
    ...(banner && { modelProgressOutput: null }),
    banner,
    logFile: file.path,
  };
}
