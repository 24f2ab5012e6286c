import { lstatSync, mkdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Creates DATA_DIR (and its parents) and proves this process can write there, so a directory that
 * cannot be used fails at start with the path and the system's reason, not halfway through a migration.
 * Throws the system error (EACCES, EROFS, ENOSPC, ENOTDIR, …); start-errors.ts turns it into one line.
 */
export function prepareDataDir(dataDir: string): void {
  makeDirectory(dataDir);
  // A file of our own, not the lock or the database: writable here means the rest may try.
  const probe = join(dataDir, `.draftsmith-write-check-${process.pid}`);
  writeFileSync(probe, 'ok\n');
  unlinkSync(probe);
}

/**
 * `mkdir -p` one level at a time: the one way to create a directory that may not exist (DATA_DIR, a
 * restore's target). Node 24's recursive mkdir spins forever when a parent exists but refuses
 * children with ENOENT (any path under /proc: it steps back, finds the parent, steps forward again),
 * and reports ENOENT for a full disk; single mkdir calls report the real reason. Returns the first
 * directory it created (undefined when `dir` was there), as recursive mkdir does, so a caller that
 * fails later can remove exactly what it added.
 */
export function makeDirectory(dir: string): string | undefined {
  const missing: string[] = [];
  let current = resolve(dir);
  while (!exists(current)) {
    missing.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  let created: string | undefined;
  for (const path of missing) {
    try {
      mkdirSync(path);
      created ??= path;
    } catch (err) {
      // Created meanwhile by another process: fine, the check below looks at what is there.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  if (!statSync(dir).isDirectory()) {
    throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${dir}'`), {
      code: 'ENOTDIR',
      syscall: 'mkdir',
      path: dir,
    });
  }
  return created;
}

/** True when something is at `path`; false only when nothing is (other errors are the caller's answer). */
function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
