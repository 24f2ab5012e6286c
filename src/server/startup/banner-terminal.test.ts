import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AiStatus } from '#shared/ai-status';
import { createBannerTerminal } from './banner-terminal.ts';
import type { BannerSnapshot } from './start-banner.ts';

const ESC = String.fromCharCode(27);
const PARTS = new RegExp(`(${ESC}\\[\\d*[AJ]|\\n)`);
const CONTROL = new RegExp(`^${ESC}\\[(\\d*)([AJ])$`);

/** A terminal that understands what the banner writes: lines, cursor up (ESC[nA) and clear below (ESC[0J). */
class FakeTerminal {
  columns = 100;
  writes: string[] = [];
  private lines: string[] = [''];
  private row = 0;

  write(text: string) {
    this.writes.push(text);
    for (const part of text.split(PARTS)) {
      const control = CONTROL.exec(part);
      if (part === '\n') {
        this.row++;
        if (this.row === this.lines.length) this.lines.push('');
      } else if (control?.[2] === 'A') {
        this.row = Math.max(0, this.row - Number(control[1] || 1));
      } else if (control?.[2] === 'J') {
        this.lines.length = this.row + 1;
        this.lines[this.row] = '';
      } else {
        this.lines[this.row] += part;
      }
    }
  }

  /** What the terminal shows, without the empty line the cursor waits on. */
  screen(): string[] {
    return this.lines.at(-1) === '' ? this.lines.slice(0, -1) : [...this.lines];
  }
}

const model = 'tiny.gguf';
const MB = 1024 * 1024;

describe('banner terminal', () => {
  let out: FakeTerminal;
  let ai: AiStatus;
  const snapshot = (): BannerSnapshot => ({
    open: ['http://localhost:3000'],
    listening: [],
    dataDir: '/data',
    database: { kind: 'pglite' },
    ai,
  });
  const downloading = (percent: number): AiStatus => ({
    provider: 'local',
    model,
    state: 'downloading',
    percent,
    receivedBytes: percent * MB,
    totalBytes: 100 * MB,
  });

  beforeEach(() => {
    vi.useFakeTimers();
    out = new FakeTerminal();
    ai = downloading(10);
  });
  afterEach(() => vi.useRealTimers());

  it('is drawn once, stays below the log and is redrawn in place as the model moves on', () => {
    const terminal = createBannerTerminal(out, { color: false, inPlace: true });
    terminal.logStream.write('12:00:00 INFO  Draftsmith is ready\n');
    terminal.show(snapshot);
    expect(out.screen()).toEqual([
      '12:00:00 INFO  Draftsmith is ready',
      'Draftsmith is running (Ctrl+C to stop)',
      '  Open      http://localhost:3000',
      '  Data      /data',
      '  Database  embedded PostgreSQL (PGlite), in DATA_DIR',
      `  AI        local · ${model}`,
      '            downloading [##------------------] 10 %  10.0 / 100.0 MB',
      '  Next      You can sign up now: the tools answer once the model is ready.',
    ]);

    ai = downloading(55);
    vi.advanceTimersByTime(250);
    terminal.logStream.write('12:00:01 WARN  something odd\n');
    expect(out.screen()).toEqual([
      '12:00:00 INFO  Draftsmith is ready',
      '12:00:01 WARN  something odd',
      'Draftsmith is running (Ctrl+C to stop)',
      '  Open      http://localhost:3000',
      '  Data      /data',
      '  Database  embedded PostgreSQL (PGlite), in DATA_DIR',
      `  AI        local · ${model}`,
      expect.stringMatching(/^ {12}downloading \[#{11}-{9}\] 55 % {2}55\.0 \/ 100\.0 MB/),
      '  Next      You can sign up now: the tools answer once the model is ready.',
    ]);

    // Ready, then unloaded after idling, then loading again: the same banner changes where it is.
    for (const state of ['ready', 'unloaded', 'loading', 'ready'] as const) {
      ai = { provider: 'local', model, state };
      vi.advanceTimersByTime(250);
    }
    terminal.logStream.write('12:05:00 ERROR something failed\n');
    expect(out.screen()).toEqual([
      '12:00:00 INFO  Draftsmith is ready',
      '12:00:01 WARN  something odd',
      '12:05:00 ERROR something failed',
      'Draftsmith is running (Ctrl+C to stop)',
      '  Open      http://localhost:3000',
      '  Data      /data',
      '  Database  embedded PostgreSQL (PGlite), in DATA_DIR',
      `  AI        local · ${model}`,
      '            ready',
    ]);
    expect(out.writes.join('').split('Draftsmith is running').length - 1).toBeGreaterThan(1); // redrawn…
    expect(out.screen().filter((line) => line.startsWith('Draftsmith is running'))).toHaveLength(1); // …in place
    terminal.close();
  });

  it('counts the rows of lines wider than the terminal when it moves up', () => {
    out.columns = 30;
    const terminal = createBannerTerminal(out, { color: false, inPlace: true });
    terminal.show(snapshot);
    const drawn = out.screen();
    out.columns = 20; // the terminal narrows: a line of 21 to 40 columns now takes two rows, and so on
    terminal.logStream.write('a line\n');
    const rows = drawn.reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 20)), 0);
    expect(rows).toBeGreaterThan(drawn.length);
    expect(out.writes.at(-1)?.startsWith(`${ESC}[${rows}A${ESC}[0J`)).toBe(true);
    terminal.close();
  });

  it('writes nothing while nothing changes', () => {
    const terminal = createBannerTerminal(out, { color: false, inPlace: true });
    terminal.show(snapshot);
    const writes = out.writes.length;
    vi.advanceTimersByTime(2_000);
    expect(out.writes.length).toBe(writes);
    terminal.close();
  });

  it('leaves log lines alone once closed (the shutdown lines go below the banner)', () => {
    const terminal = createBannerTerminal(out, { color: false, inPlace: true });
    terminal.show(snapshot);
    terminal.close();
    const writes = out.writes.length;
    terminal.logStream.write('12:00:00 INFO  shutting down\n');
    expect(out.writes.slice(writes)).toEqual(['12:00:00 INFO  shutting down\n']);
    expect(out.screen().at(-1)).toBe('12:00:00 INFO  shutting down');
  });

  it('without in-place redraws (NO_COLOR, TERM=dumb) moves no cursor and prints per 10 %', () => {
    const terminal = createBannerTerminal(out, { color: false, inPlace: false });
    terminal.show(snapshot);
    for (const percent of [12, 15, 19, 21, 34]) {
      ai = downloading(percent);
      vi.advanceTimersByTime(250);
    }
    terminal.logStream.write('12:00:00 WARN  log\n');
    expect(out.writes.join('')).not.toContain(ESC);
    expect(
      out
        .screen()
        .filter((line) => line.includes('downloading'))
        .map((line) => line.trim()),
    ).toEqual([
      'downloading [##------------------] 10 %  10.0 / 100.0 MB',
      expect.stringMatching(/^downloading \[####-{16}\] 21 %/),
      expect.stringMatching(/^downloading \[#######-{13}\] 34 %/),
    ]);
    expect(out.screen().at(-1)).toBe('12:00:00 WARN  log');
    terminal.close();
  });
});
