import { createProgressBar, type ProgressOutput } from './download-progress.ts';
import type { LocalModelStatus } from './local-model-status.ts';
import { downloadModel } from './model-download.ts';
import type { ModelSource } from './model-source.ts';

export interface DownloadWithStatusOptions {
  /** Terminal for the progress bar; null for none. */
  progressOutput: ProgressOutput | null;
  signal: AbortSignal;
  retryDelayMs?: number;
  /** Receives the `downloading` state with its progress as it moves. */
  onStatus: (status: Extract<LocalModelStatus, { state: 'downloading' }>) => void;
}

/** Downloads the model (resuming, verified: model-download.ts), its progress as status and on the terminal. */
export async function downloadWithStatus(
  source: Extract<ModelSource, { kind: 'download' }>,
  options: DownloadWithStatusOptions,
): Promise<void> {
  const bar = options.progressOutput ? createProgressBar(source.name, options.progressOutput) : null;
  options.onStatus({
    state: 'downloading',
    percent: null,
    receivedBytes: 0,
    totalBytes: source.sizeBytes ?? null,
  });
  await downloadModel({
    url: source.url,
    path: source.path,
    sizeBytes: source.sizeBytes,
    sha256: source.sha256,
    signal: options.signal,
    retryDelayMs: options.retryDelayMs,
    onProgress: (progress) => {
      const { receivedBytes, totalBytes } = progress;
      const percent = totalBytes ? Math.min(99, Math.floor((receivedBytes / totalBytes) * 100)) : null;
      options.onStatus({ state: 'downloading', percent, receivedBytes, totalBytes });
      bar?.update(progress);
    },
  });
  bar?.done();
}
