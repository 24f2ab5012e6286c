import { renameSync, statSync } from 'node:fs';
import { pino } from 'pino';

/** Past this size the log file starts over, the previous one kept as `server.log.1`: 20 MiB at most. */
export const LOG_FILE_MAX_BYTES = 10 * 1024 * 1024;

export interface LogFile {
  readonly path: string;
  write(line: string): void;
  flushSync(): void;
}

export interface LogFileOptions {
  maxBytes?: number;
  /** The file could not be written (a full disk, its directory removed): it is given up, said once. */
  onError?: (err: Error) => void;
}

/**
 * The log file a server on a terminal writes every line into, JSON as stdout would carry it: pino's own
 * destination (sonic-boom, synchronous like pino's stdout, so no line is lost at exit), readable by the
 * server's user only (the outbox's links are in it). Capped: the line that would take the file past
 * `maxBytes` first renames it to `<path>.1` (replacing the one before) and has sonic-boom reopen the path,
 * its own way of following a rotation.
 */
export function cappedLogFile(path: string, options: LogFileOptions = {}): LogFile {
  const maxBytes = options.maxBytes ?? LOG_FILE_MAX_BYTES;
  const destination = pino.destination({ dest: path, mkdir: true, sync: true, append: true, mode: 0o600 });
  let size = sizeOf(path);
  let failed = false;
  destination.on('error', (err: Error) => {
    if (failed) return;
    failed = true;
    options.onError?.(err);
  });

  return {
    path,
    write(line) {
      if (failed) return;
      const bytes = Buffer.byteLength(line);
      if (size > 0 && size + bytes > maxBytes) {
        try {
          renameSync(path, `${path}.1`);
        } catch {
          // Gone or not movable: reopening the path starts it again all the same.
        }
        try {
          destination.reopen();
          size = 0;
        } catch (err) {
          failed = true;
          options.onError?.(err as Error);
          return;
        }
      }
      size += bytes;
      destination.write(line);
    },
    flushSync() {
      if (!failed) destination.flushSync();
    },
  };
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
