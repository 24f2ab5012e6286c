import type { AiStatus } from '#shared/ai-status';
import { aiLines, type BannerSnapshot, bannerLines } from './start-banner.ts';

export interface TerminalOutput {
  columns?: number;
  write(text: string): unknown;
}

export interface BannerTerminal {
  /** Where the terminal's log lines go: above the banner while it is drawn in place. */
  readonly logStream: { write(line: string): void };
  /** Draws the banner and keeps it current (the model's state); `snapshot` reads the running server. */
  show(snapshot: () => BannerSnapshot): void;
  close(): void;
}

export interface BannerTerminalOptions {
  /** ANSI colours. */
  color: boolean;
  /**
   * Redraw in place (cursor movement; a TTY only). Off for NO_COLOR, TERM=dumb and a forced
   * LOG_FORMAT=pretty without a terminal: the banner is then printed once, and the AI part again only
   * when its state changes or the download passes another 10 %.
   */
  inPlace: boolean;
}

const TICK_MS = 250;
const RATE_WINDOW_MS = 5_000;
const ERASE = (rows: number) => `\x1b[${rows}A\x1b[0J`;
/** A colour sequence (ESC[…m), which takes no column. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * The start banner on a terminal. In place, it is drawn once and stays the live region at the bottom:
 * redrawn where it is when what it shows changes (the download's progress, the model's state, the
 * terminal's width), and when a log line comes (the terminal log's warnings and errors, a few a day, never
 * the requests), the line goes above it. Without in-place redraws it is printed once, and the AI part
 * again on a coarse change. Rendering is bannerLines/aiLines (start-banner.ts); this only decides when
 * to draw and how many rows to move up. Each draw is one write, so a redraw does not flicker.
 */
export function createBannerTerminal(out: TerminalOutput, options: BannerTerminalOptions): BannerTerminal {
  /** The banner's lines on screen below the log (in place only). */
  let live: string[] = [];
  let printedHead = false;
  let lastKey: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  const rate = downloadRate();

  const columns = () => out.columns || 80;
  const erase = () => (live.length > 0 ? ERASE(screenRows(live, columns())) : '');
  const text = (lines: string[]) => lines.map((line) => `${line}\n`).join('');

  const tick = (snapshot: () => BannerSnapshot) => {
    const snap = snapshot();
    snap.bytesPerSecond = rate(snap.ai);
    const style = { width: columns(), color: options.color };
    if (options.inPlace) {
      const lines = bannerLines(snap, style);
      const key = lines.join('\n');
      if (key === lastKey) return;
      lastKey = key;
      out.write(erase() + text(lines));
      live = lines;
      return;
    }
    const key = coarseKey(snap.ai);
    if (key === lastKey) return;
    lastKey = key;
    out.write(text(printedHead ? aiLines(snap, style) : bannerLines(snap, style)));
    printedHead = true;
  };

  return {
    logStream: {
      write(line) {
        out.write(live.length > 0 ? erase() + line + text(live) : line);
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

/** Terminal rows the lines take at this width (a line wider than the terminal wraps onto more). */
function screenRows(lines: string[], columns: number): number {
  return lines.reduce(
    (rows, line) => rows + Math.max(1, Math.ceil([...line.replace(SGR, '')].length / columns)),
    0,
  );
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
