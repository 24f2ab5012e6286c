import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, statfs } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';

export interface DownloadProgress {
  receivedBytes: number;
  /** Null while the server has not told the size. */
  totalBytes: number | null;
}

export interface DownloadOptions {
  url: string;
  /** Final path; bytes accumulate in `<path>.part` until verified. */
  path: string;
  sizeBytes?: number;
  sha256?: string;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Attempts in total; each one resumes where the previous stopped (two in a row without progress end it). */
  maxAttempts?: number;
  retryDelayMs?: number;
}

/** A download that cannot succeed by retrying (bad URL, wrong size, checksum mismatch). */
export class DownloadError extends Error {}

/**
 * The model does not fit on the disk: `disk full: N MB needed at <dir>`. Not a DownloadError: once
 * space is freed a later attempt succeeds (and resumes), but retrying at once cannot help.
 */
export class DiskFullError extends Error {}

/**
 * Downloads a model file: resumable (HTTP Range on `<path>.part`, also across restarts), retried with
 * backoff on network and 5xx errors, and verified (size, then SHA-256 when known) before the rename
 * that makes it visible. An existing final file of the right size is used as is. A download that cannot
 * fit (free space checked once the size is known) or a write that fills the disk ends with DiskFullError.
 */
export async function downloadModel(options: DownloadOptions): Promise<void> {
  const { path, sizeBytes } = options;
  const existing = await sizeOf(path);
  if (existing !== null && (sizeBytes === undefined || existing === sizeBytes)) return;
  await mkdir(dirname(path), { recursive: true });
  const part = `${path}.part`;
  const maxAttempts = options.maxAttempts ?? 6;
  let idleAttempts = 0;
  const seen: { total: number | null } = { total: sizeBytes ?? null };
  for (let attempt = 1; ; attempt++) {
    const before = (await sizeOf(part)) ?? 0;
    try {
      if (sizeBytes !== undefined) await ensureRoom(part, sizeBytes - before);
      const total = await fetchInto(part, options, seen);
      await verify(part, total, options);
      await rename(part, path);
      return;
    } catch (caught) {
      const err = isDiskFull(caught) ? await diskFullError(part, seen.total) : caught;
      // Attempts that move the download forward may go on; two in a row that get nowhere (no network) end it.
      idleAttempts = ((await sizeOf(part)) ?? 0) > before ? 0 : idleAttempts + 1;
      if (
        err instanceof DownloadError ||
        err instanceof DiskFullError ||
        options.signal?.aborted ||
        attempt >= maxAttempts ||
        idleAttempts >= 2
      ) {
        throw err;
      }
      await sleep((options.retryDelayMs ?? 1000) * 2 ** (attempt - 1), undefined, { signal: options.signal });
    }
  }
}

/**
 * One request: resumes from the part file's size; resolves with the full size when the server told it
 * (also kept in `seen`, for the disk-full message of a write that fails later).
 */
async function fetchInto(
  part: string,
  options: DownloadOptions,
  seen: { total: number | null },
): Promise<number | null> {
  let offset = (await sizeOf(part)) ?? 0;
  if (options.sizeBytes !== undefined && offset >= options.sizeBytes) return options.sizeBytes;
  const response = await fetch(options.url, {
    headers: offset > 0 ? { range: `bytes=${offset}-` } : {},
    signal: options.signal,
  });
  if (response.status === 416 && offset > 0) {
    await response.body?.cancel();
    return totalFromContentRange(response.headers.get('content-range')) ?? offset;
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    const message = `model download failed: HTTP ${response.status} from ${options.url}`;
    throw response.status >= 500 || response.status === 429 ? new Error(message) : new DownloadError(message);
  }
  let total: number | null;
  if (response.status === 206) {
    const start = /^bytes (\d+)-/.exec(response.headers.get('content-range') ?? '')?.[1];
    if (Number(start) !== offset) throw new Error('the server resumed at the wrong offset');
    total = totalFromContentRange(response.headers.get('content-range'));
  } else {
    offset = 0; // the server ignored the range: start over
    const length = response.headers.get('content-length');
    total = length === null ? null : Number(length);
  }
  if (total !== null && options.sizeBytes !== undefined && total !== options.sizeBytes) {
    await response.body.cancel();
    throw new DownloadError(
      `the server offers ${total} bytes but the model should have ${options.sizeBytes}`,
    );
  }
  let received = offset;
  const expectedTotal = options.sizeBytes ?? total;
  seen.total = expectedTotal;
  if (expectedTotal !== null) {
    await ensureRoom(part, expectedTotal - offset).catch(async (err: unknown) => {
      await response.body?.cancel();
      throw err;
    });
  }
  options.onProgress?.({ receivedBytes: received, totalBytes: expectedTotal });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      options.onProgress?.({ receivedBytes: received, totalBytes: expectedTotal });
      callback(null, chunk);
    },
  });
  await pipeline(
    Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
    counter,
    createWriteStream(part, { flags: offset > 0 ? 'a' : 'w' }),
    { signal: options.signal },
  );
  return expectedTotal;
}

async function verify(part: string, total: number | null, options: DownloadOptions): Promise<void> {
  const size = (await sizeOf(part)) ?? 0;
  if (total !== null && size < total) throw new Error(`download stopped at ${size} of ${total} bytes`);
  if (total !== null && size > total) {
    await rm(part, { force: true });
    throw new DownloadError(`downloaded ${size} bytes, more than the expected ${total}`);
  }
  if (options.sha256) {
    const actual = await sha256Of(part);
    if (actual !== options.sha256.toLowerCase()) {
      await rm(part, { force: true });
      throw new DownloadError(`checksum mismatch: expected sha256 ${options.sha256}, got ${actual}`);
    }
  }
}

/** Throws DiskFullError when the part file's disk has less than `bytes` free (unknown free space passes). */
async function ensureRoom(part: string, bytes: number): Promise<void> {
  const free = await freeBytes(dirname(part));
  if (free !== null && bytes > free) throw new DiskFullError(diskFullMessage(bytes, free, dirname(part)));
}

async function freeBytes(dir: string): Promise<number | null> {
  try {
    const { bavail, bsize } = await statfs(dir);
    return bavail * bsize;
  } catch {
    return null;
  }
}

function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

/** A write failed for want of space: how much the rest of the download still needs, and what is free. */
async function diskFullError(part: string, total: number | null): Promise<DiskFullError> {
  const dir = dirname(part);
  const free = (await freeBytes(dir)) ?? 0;
  const missing = total === null ? null : Math.max(total - ((await sizeOf(part)) ?? 0), 0);
  return new DiskFullError(
    missing === null ? `disk full at ${dir}, ${toMb(free)} MB free` : diskFullMessage(missing, free, dir),
  );
}

function diskFullMessage(needed: number, free: number, dir: string): string {
  return `disk full: ${toMb(needed)} MB needed at ${dir}, ${toMb(free)} MB free`;
}

/** Megabytes, rounded up so a few missing bytes never read as 0 MB. */
function toMb(bytes: number): number {
  return Math.ceil(bytes / (1024 * 1024));
}

function totalFromContentRange(header: string | null): number | null {
  const total = /\/(\d+)$/.exec(header ?? '')?.[1];
  return total === undefined ? null : Number(total);
}

async function sizeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch {
    return null;
  }
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
