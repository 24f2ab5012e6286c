import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { privateCompileCache } from './document-extractor.ts';

describe('privateCompileCache', () => {
  const savedTmpdir = process.env.TMPDIR;
  const base = tmpdir();
  let temp = '';
  const expected = () => join(temp, `draftsmith-extraction-cache-${process.getuid?.() ?? 'user'}`);

  beforeEach(() => {
    temp = mkdtempSync(join(base, 'draftsmith-cache-test-'));
    process.env.TMPDIR = temp;
  });
  afterEach(() => {
    if (savedTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmpdir;
    rmSync(temp, { recursive: true, force: true });
  });

  it('makes a folder only this user can enter, and uses it again next time', () => {
    expect(privateCompileCache()).toBe(expected());
    expect(statSync(expected()).mode & 0o777).toBe(0o700);
    expect(privateCompileCache()).toBe(expected());
  });

  it('refuses a folder of that name that others can write, or a link someone put there', () => {
    mkdirSync(expected());
    chmodSync(expected(), 0o777);
    expect(privateCompileCache()).toBeNull();
    rmSync(expected(), { recursive: true });
    symlinkSync(temp, expected());
    expect(privateCompileCache()).toBeNull();
  });
});
