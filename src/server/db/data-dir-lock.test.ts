import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
const INFO_FILE = '.draftsmith.lock';

/**
 * A real process with the lock module loaded. For each line `<dir>` on its stdin it tries to lock that
 * directory and answers `won` or `lost` (or `error <message>`); it keeps every lock it won until killed.
 */
class LockingProcess {
  readonly child: ChildProcess;
  private buffered = '';
  private waiters: { resolve: (line: string) => void; reject: (err: Error) => void }[] = [];
  private lines: string[] = [];

  constructor() {
    const script = `
      import { createInterface } from 'node:readline';
      const { DataDirLockedError, lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
      console.log('ready');
      for await (const dir of createInterface({ input: process.stdin })) {
        try {
          lockDataDir(dir);
          console.log('won');
        } catch (err) {
          console.log(err instanceof DataDirLockedError ? 'lost' : 'error ' + err.message);
        }
      }
      setInterval(() => {}, 1000);
    `;
    this.child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.buffered += chunk.toString();
      const parts = this.buffered.split('\n');
      this.buffered = parts.pop() ?? '';
      for (const line of parts) {
        const waiter = this.waiters.shift();
        if (waiter) waiter.resolve(line);
        else this.lines.push(line);
      }
    });
    this.child.once('exit', (code) => {
      for (const waiter of this.waiters.splice(0))
        waiter.reject(new Error(`locking process exited (${code})`));
    });
  }

  nextLine(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  lock(dir: string): Promise<string> {
    this.child.stdin?.write(`${dir}\n`);
    return this.nextLine();
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGKILL');
    await exited;
  }
}

/** The message of the DataDirLockedError that `act` throws. */
function messageOf(act: () => unknown): string {
  try {
    act();
  } catch (err) {
    expect(err).toBeInstanceOf(DataDirLockedError);
    return (err as Error).message;
  }
  throw new Error('expected a DataDirLockedError');
}

describe('lockDataDir', () => {
  let root: string;
  let dataDir: string;
  let processes: LockingProcess[] = [];
  async function startLockingProcess(): Promise<LockingProcess> {
    const started = new LockingProcess();
    processes.push(started);
    expect(await started.nextLine()).toBe('ready');
    return started;
  }
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'draftsmith-lock-'));
    dataDir = join(root, 'data');
    mkdirSync(dataDir);
  });
  afterEach(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    processes = [];
    rmSync(root, { recursive: true, force: true });
  });

  it('takes the lock, records who holds it for humans, and releases it', () => {
    const lock = lockDataDir(dataDir);
    const info = JSON.parse(readFileSync(join(dataDir, INFO_FILE), 'utf8'));
    expect(info).toMatchObject({ pid: process.pid, host: hostname() });
    expect(Number.isNaN(Date.parse(info.startedAt))).toBe(false);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(join(dataDir, INFO_FILE))).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('admits exactly one of six processes started at once, over a dead holder or one from another host', async () => {
    // A real holder that died without releasing: what a crash or `docker kill` leaves behind.
    const holder = await startLockingProcess();
    const leftBehind = join(root, 'left-behind');
    mkdirSync(leftBehind);
    expect(await holder.lock(leftBehind)).toBe('won');
    await holder.kill();
    const deadInfo = JSON.parse(readFileSync(join(leftBehind, INFO_FILE), 'utf8'));
    expect(deadInfo.pid).toBe(holder.child.pid);

    const racers = await Promise.all(Array.from({ length: 6 }, startLockingProcess));
    const rounds = 8;
    const winners: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const dir = join(root, `round-${round}`);
      cpSync(leftBehind, dir, { recursive: true });
      if (round % 2 === 1) {
        // The same files left by a container that was re-created under another hostname.
        writeFileSync(join(dir, INFO_FILE), JSON.stringify({ ...deadInfo, host: 'replaced-container' }));
      }
      const answers = await Promise.all(racers.map((p) => p.lock(dir)));
      expect(answers.filter((a) => a !== 'won' && a !== 'lost')).toEqual([]);
      winners.push(answers.filter((a) => a === 'won').length);
    }
    expect(winners).toEqual(Array(rounds).fill(1));
  });

  it('is released by the kernel when the holder is killed: the next process gets it at once', async () => {
    const [holder, next] = await Promise.all([startLockingProcess(), startLockingProcess()]);
    expect(await holder.lock(dataDir)).toBe('won');
    expect(await next.lock(dataDir)).toBe('lost');
    await holder.kill();
    const started = performance.now();
    expect(await next.lock(dataDir)).toBe('won');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(JSON.parse(readFileSync(join(dataDir, INFO_FILE), 'utf8')).pid).toBe(next.child.pid);
  });

  it('tells the operator who holds the directory and what to do', async () => {
    const holder = await startLockingProcess();
    expect(await holder.lock(dataDir)).toBe('won');
    const message = messageOf(() => lockDataDir(dataDir));
    expect(message).toContain(`DATA_DIR ${dataDir} is in use by another Draftsmith process`);
    expect(message).toContain(`pid ${holder.child.pid} on host ${hostname()}`);
    expect(message).toContain('Stop that process, or set DATA_DIR to another directory.');
    expect(message).toContain('use PostgreSQL (DATABASE_URL)');
  });

  it('says what to do when the file system refuses the lock', () => {
    mkdirSync(join(dataDir, '.draftsmith.lock.db'));
    const message = messageOf(() => lockDataDir(dataDir));
    expect(message).toContain(`Could not lock DATA_DIR ${dataDir}`);
    expect(message).toContain('needs a file system with working file locks');
    expect(message).toContain('use PostgreSQL (DATABASE_URL)');
  });

  it('ignores an unreadable record of the holder: the lock itself decides', () => {
    writeFileSync(join(dataDir, INFO_FILE), 'not json');
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, INFO_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});
