import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another process that takes the lock and holds it until killed. */
async function holdLockInChild(dataDir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    lockDataDir(${JSON.stringify(dataDir)});
    console.log('locked');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
  return child;
}

describe('lockDataDir', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'draftsmith-lock-'));
  });
  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes the lock, records this process, and releases it', () => {
    const lock = lockDataDir(dataDir);
    const path = join(dataDir, '.draftsmith.lock');
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    lock.release();
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a second process with a message naming the directory', async () => {
    child = await holdLockInChild(dataDir);
    let error: unknown;
    try {
      lockDataDir(dataDir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`The data directory ${dataDir} is already in use`);
    expect((error as Error).message).toContain(`pid ${child.pid}`);
  });

  it('takes over a lock left by a process that died', async () => {
    child = await holdLockInChild(dataDir);
    const deadPid = child.pid;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const path = join(dataDir, '.draftsmith.lock');
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(deadPid);

    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file, but not one held on another host', () => {
    const path = join(dataDir, '.draftsmith.lock');
    writeFileSync(path, 'not json');
    lockDataDir(dataDir).release();

    writeFileSync(
      path,
      JSON.stringify({ pid: 1, host: 'another-host', startedAt: new Date().toISOString() }),
    );
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });
});
