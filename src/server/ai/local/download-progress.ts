import type { DownloadProgress } from './model-download.ts';

export interface ProgressOutput {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const MB = 1024 * 1024;

/**
 * Reports download progress in the terminal: a redrawn bar on a TTY (at most 10 times a second), one
 * line per 10 % otherwise (logs, containers).
 */
export function createProgressBar(name: string, out: ProgressOutput = process.stderr) {
  const startedAt = Date.now();
  let lastDraw = 0;
  let lastDecile = -1;
  return {
    update({ receivedBytes, totalBytes }: DownloadProgress) {
      const now = Date.now();
      const percent = totalBytes ? Math.min(100, Math.floor((receivedBytes / totalBytes) * 100)) : null;
      const rate = receivedBytes / MB / Math.max((now - startedAt) / 1000, 0.001);
      const sizes = `${(receivedBytes / MB).toFixed(1)}${totalBytes ? `/${(totalBytes / MB).toFixed(1)}` : ''} MB`;
      if (out.isTTY) {
        if (now - lastDraw < 100 && receivedBytes !== totalBytes) return;
        lastDraw = now;
        const width = 30;
        const filled = percent === null ? 0 : Math.round((percent / 100) * width);
        const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
        out.write(`\r${name} ${bar} ${percent ?? '?'}% ${sizes} ${rate.toFixed(1)} MB/s `);
        return;
      }
      const decile = percent === null ? -1 : Math.floor(percent / 10);
      if (decile > lastDecile) {
        lastDecile = decile;
        out.write(`Downloading ${name}: ${percent}% (${sizes})\n`);
      }
    },
    done() {
      if (out.isTTY) out.write('\n');
    },
  };
}
