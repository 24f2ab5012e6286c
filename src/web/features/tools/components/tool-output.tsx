import { CircleStop, Loader2, PencilLine, RotateCcw, Sparkles, Square } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { DocumentCoverage } from '#shared/documents';
import type { GenerationProgress } from '#shared/generation-progress';
import type { JobMatchReport } from '#shared/job-match-report';
import { AnswerActionButton, CopyAnswerButton } from '#web/components/answer-action-button.tsx';
import { AnswerDownloads } from '#web/components/answer-downloads.tsx';
import { type RefactorSource, RefactorView } from '#web/components/code-diff/refactor-view.tsx';
import { DocumentCoverageLine } from '#web/components/document-coverage-line.tsx';
import { LazyMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { WithMatchReport } from '#web/components/match-report.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { Citation } from '#web/lib/citations.ts';
import { cn } from '#web/lib/cn.ts';
import { GenerationProgressBar } from './generation-progress-bar.tsx';

interface ToolOutputProps {
  text: string;
  status: 'pending' | 'success' | 'stopped';
  /** Stop was pressed and the server is wrapping up. */
  stopping: boolean;
  /** Set once the server saved the chat. */
  saved: boolean;
  /** While pending: the document being read before the stream starts. */
  readingFileName?: string | null;
  /** While pending: the latest progress of a long document. */
  progress?: GenerationProgress | null;
  /** The resume assistant's job match report, shown beside the answer. */
  matchReport?: JobMatchReport | null;
  /** A code refactor's submitted code: the answer then offers its diff, and Copy copies the code alone. */
  refactorSource?: RefactorSource | null;
  /** Downloads of the answer (tools with a `downloadLabel`): the saved chat and what the answer is. */
  downloads?: { historyId: string | null; label: string } | null;
  /** What was read of the document the answer is about, shown under it once written. */
  coverage?: DocumentCoverage | null;
  /** An answer about a saved chat's document: its citations open the passage they name, once written. */
  onCitation?: (citation: Citation) => void;
  onStop: () => void;
  onNewRequest: () => void;
  /** Edit: the saved answer opens in the editor (the writing tools, issue 33). */
  onEdit?: () => void;
}

/**
 * The answer: streamed as it arrives with a Stop button (and, for a document, how far its reading and
 * parts are), then final with Copy, the job match report and downloads when the tool has them
 * (docs/product.md §2).
 */
export function ToolOutput({
  text,
  status,
  stopping,
  saved,
  readingFileName = null,
  progress = null,
  matchReport = null,
  downloads = null,
  refactorSource = null,
  coverage = null,
  onCitation,
  onStop,
  onNewRequest,
  onEdit,
}: ToolOutputProps) {
  const streaming = status === 'pending';
  const ref = useRef<HTMLElement>(null);
  // The rendered answer, copied as rich text beside its Markdown.
  const content = useRef<HTMLDivElement>(null);

  // When the answer starts low on the screen (small windows: under the form), bring it into view.
  useEffect(() => {
    const el = ref.current;
    if (el && el.getBoundingClientRect().top > window.innerHeight * 0.6) {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      el.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    }
  }, []);

  return (
    <section
      ref={ref}
      aria-labelledby="tool-output-title"
      aria-busy={streaming}
      className="scroll-mt-20 rounded-2xl border border-border bg-card shadow-xs"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-border border-b px-5 py-3">
        <h2 id="tool-output-title" className="flex items-center gap-2 font-semibold text-sm">
          <Sparkles className={cn('size-4 text-primary', streaming && 'animate-pulse')} aria-hidden />
          AI Output
          {streaming ? (
            <span className="font-normal text-muted-foreground">
              {readingFileName ? '· reading…' : '· writing…'}
            </span>
          ) : null}
        </h2>
        <div className="flex items-center gap-2">
          {streaming ? (
            <Button variant="outline" size="sm" onClick={onStop} disabled={stopping}>
              {stopping ? (
                <Loader2 className="size-3.5 animate-spin" aria-hidden />
              ) : (
                <Square className="size-3.5 fill-current" aria-hidden />
              )}
              {stopping ? 'Stopping…' : 'Stop'}
            </Button>
          ) : (
            <>
              <AnswerActionButton icon={RotateCcw} label="New request" onClick={onNewRequest} />
              {onEdit ? (
                <AnswerActionButton
                  icon={PencilLine}
                  label="Edit"
                  aria-label="Edit this answer"
                  onClick={onEdit}
                />
              ) : null}
              <CopyAnswerButton text={text} refactorSource={refactorSource} rendered={content} />
            </>
          )}
        </div>
      </header>
      <div className="px-5 py-5" data-testid="tool-output" ref={content}>
        {status === 'stopped' ? (
          <p className="mb-4 inline-flex items-center gap-2 rounded-lg bg-muted px-3 py-1.5 text-muted-foreground text-xs">
            <CircleStop className="size-3.5" aria-hidden />
            {saved ? 'Stopped. What was written so far is saved in your history.' : 'Stopped.'}
          </p>
        ) : null}
        {streaming ? <GenerationProgressBar readingFileName={readingFileName} progress={progress} /> : null}
        <WithMatchReport report={streaming ? null : matchReport}>
          {text ? (
            <RefactorView answer={text} source={streaming ? null : refactorSource}>
              <LazyMarkdown
                className={cn(streaming && 'md-streaming')}
                onCitation={streaming ? undefined : onCitation}
              >
                {text}
              </LazyMarkdown>
            </RefactorView>
          ) : streaming ? (
            <div className="grid gap-2.5" aria-hidden>
              <div className="h-3 w-11/12 animate-pulse rounded bg-muted" />
              <div className="h-3 w-4/5 animate-pulse rounded bg-muted" />
              <div className="h-3 w-2/3 animate-pulse rounded bg-muted" />
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">The model returned an empty answer.</p>
          )}
        </WithMatchReport>
        {coverage && !streaming ? <DocumentCoverageLine coverage={coverage} className="mt-4" /> : null}
        <p className="sr-only" role="status">
          {streaming ? '' : status === 'stopped' ? 'Generation stopped.' : 'Generation complete.'}
        </p>
      </div>
      {downloads && !streaming && text ? (
        <footer className="border-border border-t px-5 py-3">
          <AnswerDownloads historyId={downloads.historyId} label={downloads.label} />
        </footer>
      ) : null}
    </section>
  );
}
