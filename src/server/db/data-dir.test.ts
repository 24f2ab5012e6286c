import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDirectory, prepareDataDir } from './data-dir.ts';

describe('prepareDataDir', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'draftsmith-data-dir-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates the directory and its parents, and leaves nothing behind', () => {
    const dir = join(root, 'a', 'b', 'data');
    prepareDataDir(dir);
    expect(readdirSync(dir)).toEqual([]);
    prepareDataDir(dir); // an existing directory is fine
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says which directory it created first, so a caller can take back what it added', () => {
    expect(makeDirectory(join(root, 'a', 'b'))).toBe(join(root, 'a'));
    expect(makeDirectory(join(root, 'a', 'b', 'c'))).toBe(join(root, 'a', 'b', 'c'));
    expect(makeDirectory(join(root, 'a'))).toBeUndefined();
  });

  // Linux only: /proc and /sys.
  it.skipIf(!existsSync('/proc/self'))(
    'fails with the real reason where recursive mkdir would spin forever (/proc)',
    () => {
      expect(() => prepareDataDir('/proc/draftsmith-data')).toThrow(
        expect.objectContaining({ code: 'ENOENT', syscall: 'mkdir', path: '/proc/draftsmith-data' }),
      );
    },
  );

  it('fails with ENOTDIR when a file is in the way', () => {
    const file = join(root, 'file');
    writeFileSync(file, 'x');
    expect(() => prepareDataDir(file)).toThrow(expect.objectContaining({ code: 'ENOTDIR', path: file }));
    expect(() => prepareDataDir(join(file, 'data'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  // sysfs refuses new files even to root.
  it.skipIf(!existsSync('/sys/kernel'))('fails when the directory exists but cannot be written', () => {
    expect(() => prepareDataDir('/sys/kernel')).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/^(EACCES|EPERM|EROFS)$/), syscall: 'open' }),
    );
  });
});
