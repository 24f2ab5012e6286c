import { FileText, Loader2 } from 'lucide-react';
import type { GenerationProgress } from '#shared/generation-progress';
import { progressPercent } from '#web/lib/progress-event.ts';

interface GenerationProgressBarProps {
  /** The document the server is reading before it answers ("Reading <name>…", no measure yet). */
  readingFileName: string | null;
  /** The latest `progress` event (a document read, a long one's parts and their combination). */
  progress: GenerationProgress | null;
}

const barClass = 'h-1.5 overflow-hidden rounded-full bg-muted';

/**
 * How far a long request is (issue 11: a progress bar while a long document is summarized): an
 * indeterminate bar while the document is read, then the server's `progress` events, each with its
 * message ('Summarizing part 3 of 12'). Nothing without either.
 */
export function GenerationProgressBar({ readingFileName, progress }: GenerationProgressBarProps) {
  if (readingFileName) {
    const message = `Reading ${readingFileName}…`;
    return (
      <div className="mb-4 grid gap-1.5" data-testid="generation-progress">
        <p className="flex items-center gap-2 text-muted-foreground text-xs" aria-live="polite">
          <Loader2 className="size-3.5 shrink-0 animate-spin" aria-hidden />
          <span className="truncate">{message}</span>
        </p>
        <div role="progressbar" aria-label={message} aria-valuetext={message} className={barClass}>
          <div className="h-full w-1/3 animate-progress-slide rounded-full bg-primary/70 motion-reduce:w-full motion-reduce:animate-none motion-reduce:opacity-40" />
        </div>
      </div>
    );
  }
  if (!progress) return null;
  const percent = progressPercent(progress);
  return (
    <div className="mb-4 grid gap-1.5" data-testid="generation-progress">
      <p className="flex items-center justify-between gap-3 text-muted-foreground text-xs">
        <span className="flex min-w-0 items-center gap-2" aria-live="polite">
          <FileText className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{progress.message}</span>
        </span>
        {progress.total > 1 ? (
          <span className="shrink-0 tabular-nums">
            {progress.done} / {progress.total}
          </span>
        ) : null}
      </p>
      <div
        role="progressbar"
        aria-label={progress.message}
        aria-valuenow={progress.done}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuetext={progress.message}
        className={barClass}
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
