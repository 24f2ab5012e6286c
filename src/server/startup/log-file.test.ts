import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cappedLogFile } from './log-file.ts';

describe('cappedLogFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'draftsmith-log-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('creates its directory and a file only its owner reads, and writes each line at once', () => {
    const path = join(dir, 'logs', 'server.log');
    const file = cappedLogFile(path);
    file.write('{"msg":"one"}\n');
    expect(readFileSync(path, 'utf8')).toBe('{"msg":"one"}\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('starts over past its size, keeping the previous file as .1 (at most twice the size on disk)', () => {
    const path = join(dir, 'server.log');
    writeFileSync(path, `${'x'.repeat(60)}\n`); // a previous run's lines count
    const file = cappedLogFile(path, { maxBytes: 100 });
    const line = (i: number) => `{"msg":"line ${String(i).padStart(2, '0')}"}\n`; // 18 bytes
    for (let i = 0; i < 7; i++) file.write(line(i));
    // 61 + 18 + 18 = 97: lines 0 and 1 fit; line 2 would pass 100, so it starts a new file (five lines, 90)
    expect(readFileSync(`${path}.1`, 'utf8')).toBe(`${'x'.repeat(60)}\n${line(0)}${line(1)}`);
    expect(readFileSync(path, 'utf8')).toBe([2, 3, 4, 5, 6].map(line).join(''));
    for (let i = 7; i < 50; i++) file.write(line(i));
    expect(statSync(path).size).toBeLessThanOrEqual(100);
    expect(statSync(`${path}.1`).size).toBeLessThanOrEqual(100);
    expect(readFileSync(path, 'utf8').endsWith(line(49))).toBe(true);
  });

  it('gives the file up, said once, when it cannot be written, instead of failing the server', async () => {
    const path = join(dir, 'server.log');
    const errors: Error[] = [];
    const file = cappedLogFile(path, { maxBytes: 30, onError: (err) => errors.push(err) });
    file.write('{"msg":"first line"}\n');
    // Its directory is gone and a file took its place: the rotation can neither move nor reopen it.
    rmSync(dir, { recursive: true });
    writeFileSync(dir, '');
    for (let i = 0; i < 5; i++) file.write('{"msg":"another one"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toHaveLength(1);
  });
});
