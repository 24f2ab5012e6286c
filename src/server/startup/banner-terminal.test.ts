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

  it('keeps the banner below the log and redraws the download in place until the model is ready', () => {
    const terminal = createBannerTerminal(out, { color: false, inPlace: true });
    terminal.logStream.write('{"msg":"listening"}\n');
    terminal.show(snapshot);
    expect(out.screen()).toEqual([
      '{"msg":"listening"}',
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
    terminal.logStream.write('{"msg":"request"}\n');
    expect(out.screen()).toEqual([
      '{"msg":"listening"}',
      '{"msg":"request"}',
      'Draftsmith is running (Ctrl+C to stop)',
      '  Open      http://localhost:3000',
      '  Data      /data',
      '  Database  embedded PostgreSQL (PGlite), in DATA_DIR',
      `  AI        local · ${model}`,
      expect.stringMatching(/^ {12}downloading \[#{11}-{9}\] 55 % {2}55\.0 \/ 100\.0 MB/),
      '  Next      You can sign up now: the tools answer once the model is ready.',
    ]);

    ai = { provider: 'local', model, state: 'ready' };
    vi.advanceTimersByTime(250);
    terminal.logStream.write('{"msg":"after"}\n');
    expect(out.screen().slice(-4)).toEqual([
      '  Database  embedded PostgreSQL (PGlite), in DATA_DIR',
      `  AI        local · ${model}`,
      '            ready',
      '{"msg":"after"}',
    ]);
    expect(out.screen()).toHaveLength(9);
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

  it('draws the AI part again below the log when a settled model moves again', () => {
    ai = { provider: 'local', model, state: 'failed', reason: 'checksum mismatch', retry: 'on-request' };
    const terminal = createBannerTerminal(out, { color: false, inPlace: true });
    terminal.show(snapshot);
    terminal.logStream.write('{"msg":"a tool was used"}\n');
    ai = { provider: 'local', model, state: 'loading' };
    vi.advanceTimersByTime(250);
    expect(out.screen().slice(-5)).toEqual([
      '            failed: checksum mismatch (tried again when a tool is used)',
      '{"msg":"a tool was used"}',
      `  AI        local · ${model}`,
      '            loading into memory…',
      '  Next      You can sign up now: the tools answer once the model is ready.',
    ]);
    expect(out.screen().filter((line) => line.startsWith('Draftsmith is running'))).toHaveLength(1);
    terminal.close();
  });

  it('without in-place redraws (NO_COLOR, TERM=dumb) moves no cursor and prints per 10 %', () => {
    const terminal = createBannerTerminal(out, { color: false, inPlace: false });
    terminal.show(snapshot);
    for (const percent of [12, 15, 19, 21, 34]) {
      ai = downloading(percent);
      vi.advanceTimersByTime(250);
    }
    terminal.logStream.write('{"msg":"log"}\n');
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
    expect(out.screen().at(-1)).toBe('{"msg":"log"}');
    terminal.close();
  });
});
