import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/**
 * PGlite takes no lock of its own: two processes on one directory silently lose writes. One process per
 * DATA_DIR is enforced with an OS file lock (ADR 0010): SQLite's exclusive lock (fcntl on POSIX,
 * LockFileEx on Windows) on `.draftsmith.lock.db`, held by an open transaction for the process's
 * lifetime. The kernel drops it when the process dies, however it dies, so there is no stale lock to
 * take over and nothing to decide from pids or hostnames. `.draftsmith.lock` only tells humans (and
 * the error message) who holds the directory; it is written by the holder and never read to decide.
 */
export class DataDirLockedError extends Error {}

const LOCK_FILE = '.draftsmith.lock.db';
const INFO_FILE = '.draftsmith.lock';
const SQLITE_BUSY = 5;

interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  release(): void;
}

function readInfo(path: string): LockInfo | null {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockInfo>;
    return typeof info.pid === 'number' && typeof info.host === 'string' ? (info as LockInfo) : null;
  } catch {
    return null;
  }
}

function inUseMessage(dataDir: string, holder: LockInfo | null): string {
  const who = holder
    ? `pid ${holder.pid} on host ${holder.host}, started ${holder.startedAt}`
    : 'it has not recorded its pid yet';
  return (
    `DATA_DIR ${dataDir} is in use by another Draftsmith process (${who}). ` +
    'Stop that process, or set DATA_DIR to another directory. ' +
    'To run several instances, use PostgreSQL (DATABASE_URL): they can then share one DATA_DIR.'
  );
}

function cannotLockMessage(dataDir: string, lockPath: string, err: unknown): string {
  return (
    `Could not lock DATA_DIR ${dataDir} (${lockPath}: ${(err as Error).message}). ` +
    'The embedded database needs a file system with working file locks: put DATA_DIR on a local disk ' +
    'or a volume that supports them, check that this user may write there, or use PostgreSQL (DATABASE_URL).'
  );
}

/** Takes the lock or throws DataDirLockedError at once (no waiting). */
export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = join(dataDir, LOCK_FILE);
  const infoPath = join(dataDir, INFO_FILE);
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(lockPath, { timeout: 0 });
    // Never committed: the transaction holds SQLite's EXCLUSIVE lock until close() or process death.
    // No journal, nothing written: the file stays empty. It is never deleted either: a process that
    // opened it just before a deletion would lock the old file while the next one locked a new one.
    db.exec('PRAGMA journal_mode = MEMORY; BEGIN EXCLUSIVE');
  } catch (err) {
    db?.close();
    if (((err as { errcode?: number }).errcode ?? 0) % 256 === SQLITE_BUSY) {
      throw new DataDirLockedError(inUseMessage(dataDir, readInfo(infoPath)));
    }
    throw new DataDirLockedError(cannotLockMessage(dataDir, lockPath, err));
  }

  const me: LockInfo = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  const tmpPath = `${infoPath}.${process.pid}.tmp`;
  writeFileSync(tmpPath, `${JSON.stringify(me)}\n`);
  renameSync(tmpPath, infoPath);

  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // The record goes while the lock is still held, so it can't remove the next holder's.
    try {
      unlinkSync(infoPath);
    } catch {}
    db.close();
  };
  process.once('exit', release);
  return { release };
}
