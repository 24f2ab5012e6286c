import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite takes no lock of its own: two processes on one directory silently lose writes. This lock file
 * (created atomically with O_EXCL) admits one process per DATA_DIR; a lock left by a process that is no
 * longer running on this host is taken over.
 */
export class DataDirLockedError extends Error {}

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, '.draftsmith.lock');
  const me: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      const release = () => {
        if (readLock(path)?.pid === me.pid) {
          try {
            unlinkSync(path);
          } catch {}
        }
      };
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = readLock(path);
      const stale =
        holder === null || (holder.host === me.host && (holder.pid === me.pid || !isRunning(holder.pid)));
      if (!stale) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is already in use by another Draftsmith process ` +
            `(pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}). ` +
            'Stop that process, or start this one with another DATA_DIR, or use PostgreSQL (DATABASE_URL) to run several processes.',
        );
      }
      try {
        unlinkSync(path);
      } catch {}
    }
  }
  throw new DataDirLockedError(
    `Could not lock the data directory ${dataDir}; another process keeps taking it.`,
  );
}
