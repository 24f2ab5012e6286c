import type { AiStatus } from '#shared/ai-status';
import { aiLines, type BannerSnapshot, bannerLines, isSettled } from './start-banner.ts';

export interface TerminalOutput {
  columns?: number;
  write(text: string): unknown;
}

export interface BannerTerminal {
  /** The log's destination on the terminal: while the banner is live, log lines go above it. */
  readonly logStream: { write(line: string): void };
  /** Draws the banner and keeps the model's state in it current; `snapshot` reads the running server. */
  show(snapshot: () => BannerSnapshot): void;
  close(): void;
}

export interface BannerTerminalOptions {
  /** ANSI colours. */
  color: boolean;
  /**
   * Redraw in place (cursor movement). Off for NO_COLOR and TERM=dumb: the banner is then printed once,
   * and the AI part again only when its state changes or the download passes another 10 %.
   */
  inPlace: boolean;
}

const TICK_MS = 250;
const RATE_WINDOW_MS = 5_000;
const ERASE = (lines: number) => `\x1b[${lines}A\x1b[0J`;

/**
 * The start banner on a TTY. Until the model settles (ready, or failed for good) the banner is the live
 * region at the bottom of the terminal: redrawn in place as the download moves and between retries, and
 * drawn again after each log line so the log scrolls above it. Once settled it stays where it is; a
 * later change (a retry a tool request asked for) draws the AI part again below the log. Rendering is
 * bannerLines/aiLines (start-banner.ts); this only decides when to draw and counts the lines drawn.
 */
export function createBannerTerminal(out: TerminalOutput, options: BannerTerminalOptions): BannerTerminal {
  let live: string[] = [];
  // The server's part stays in the live region until the model first settles, then only the AI part moves.
  let withHead = true;
  let lastKey: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  const rate = downloadRate();

  const erase = () => {
    if (live.length > 0) out.write(ERASE(live.length));
  };
  const draw = (lines: string[]) => out.write(lines.map((line) => `${line}\n`).join(''));

  const tick = (snapshot: () => BannerSnapshot) => {
    const snap = snapshot();
    snap.bytesPerSecond = rate(snap.ai);
    const style = { width: out.columns || 80, color: options.color };
    const ai = aiLines(snap, style);
    const key = options.inPlace ? ai.join('\n') : coarseKey(snap.ai);
    if (key === lastKey) return;
    lastKey = key;
    const lines = withHead ? bannerLines(snap, style) : ai;
    erase();
    draw(lines);
    const settled = isSettled(snap.ai);
    live = options.inPlace && !settled ? lines : [];
    if (settled || !options.inPlace) withHead = false;
  };

  return {
    logStream: {
      write(line) {
        erase();
        out.write(line);
        if (live.length > 0) draw(live);
      },
    },
    show(snapshot) {
      tick(snapshot);
      timer = setInterval(() => tick(snapshot), TICK_MS);
      timer.unref();
    },
    close() {
      clearInterval(timer);
      live = [];
    },
  };
}

/** Without in-place redraws: a new line per state, per failure and per 10 % of the download. */
function coarseKey(ai: AiStatus): string {
  const decile = ai.percent === undefined ? '' : Math.floor(ai.percent / 10);
  return [ai.state, decile, ai.reason ?? '', ai.retryAt ?? ''].join('|');
}

/** Bytes per second over the last few seconds of a download; null before there are two samples. */
function downloadRate() {
  let samples: { at: number; bytes: number }[] = [];
  return (ai: AiStatus): number | null => {
    if (ai.state !== 'downloading' || ai.receivedBytes === undefined) {
      samples = [];
      return null;
    }
    const now = Date.now();
    const last = samples.at(-1);
    if (last && ai.receivedBytes < last.bytes) samples = []; // a new attempt started over
    samples.push({ at: now, bytes: ai.receivedBytes });
    samples = samples.filter((sample) => now - sample.at <= RATE_WINDOW_MS);
    const first = samples[0];
    if (!first || now - first.at < 500) return null;
    return ((ai.receivedBytes - first.bytes) * 1000) / (now - first.at);
  };
}

/**
 * The banner for this process's stdout when it is a terminal and the log level shows information (a
 * quieter LOG_LEVEL, as the browser tests set, asks for no banner), else null: the structured log lines
 * stay the only output. NO_COLOR (any value) and TERM=dumb get it plain: no colours, no cursor movement.
 */
export function stdoutBannerTerminal(
  logLevel: string,
  stdout: NodeJS.WriteStream = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): BannerTerminal | null {
  if (!stdout.isTTY || !['info', 'debug', 'trace'].includes(logLevel)) return null;
  const plain = Boolean(env.NO_COLOR) || env.TERM === 'dumb';
  return createBannerTerminal(stdout, { color: !plain, inPlace: !plain });
}
