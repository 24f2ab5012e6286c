import { CircleStop, FileSignature, Loader2, PencilLine, RotateCcw, Sparkles, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { AnswerDetails } from '#shared/answer-details';
import type { DocumentCoverage } from '#shared/documents';
import type { GenerationProgress } from '#shared/generation-progress';
import type { JobMatchReport } from '#shared/job-match-report';
import { AnswerActionButton, CopyAnswerButton } from '#web/components/answer-action-button.tsx';
import { AnswerCheck, useAnswerCheck } from '#web/components/answer-check/answer-check.tsx';
import { AnswerDownloads } from '#web/components/answer-downloads.tsx';
import { type RefactorSource, RefactorView } from '#web/components/code-diff/refactor-view.tsx';
import { DocumentCoverageLine } from '#web/components/document-coverage-line.tsx';
import { DraftTabs } from '#web/components/email-draft/draft-tabs.tsx';
import { EmailDraftHeader } from '#web/components/email-draft/email-draft-header.tsx';
import { LazyMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { WithMatchReport } from '#web/components/match-report.tsx';
import { Button } from '#web/components/ui/button.tsx';
import type { AnswerDraft } from '#web/features/tools/lib/generation-state.ts';
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
  /** Downloads of the answer (tools with a `downloadLabel`): the saved chat, what the answer is, its tool. */
  downloads?: { historyId: string | null; label: string; service: string } | null;
  /** What was read of the document the answer is about, shown under it once written. */
  coverage?: DocumentCoverage | null;
  /** An answer about a saved chat's document: its citations open the passage they name, once written. */
  onCitation?: (citation: Citation) => void;
  onStop: () => void;
  onNewRequest: () => void;
  /** Edit: the saved answer opens in the editor (the writing tools, issue 33). */
  onEdit?: () => void;
  /** The saved chat, once it is (its resume's lines, for the answer's check). */
  historyId?: string | null;
  /** What the answer carries beside its text: a resume's check, an e-mail's headers. */
  details?: AnswerDetails | null;
  /** Several drafts written at once (the e-mail helper's `variants`), shown as tabs. */
  drafts?: readonly AnswerDraft[];
  /**
   * Makes a draft the one the saved chat shows: the draft shown now (`messageId`, on the chat's path) gives
   * way to its `version`; resolves whether it did.
   */
  onChooseDraft?: (messageId: string, version: number) => Promise<boolean>;
  /** 'Write a cover letter' under a resume (the chat goes on with it). */
  onCoverLetter?: () => void;
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
  historyId = null,
  details = null,
  drafts = [],
  onChooseDraft,
  onCoverLetter,
}: ToolOutputProps) {
  const streaming = status === 'pending';
  const [draft, setDraft] = useState(1);
  // Each choice waits for the one before: the server ends up showing the draft chosen last. A choice
  // names the draft the chat shows then (the one on its path) and the version to show instead.
  const choosing = useRef<Promise<void>>(Promise.resolve());
  const shownOnServer = useRef(1);
  const panelId = useId();
  const chosen = drafts.length > 1 ? drafts[draft - 1] : undefined;
  const shownText = chosen?.text ?? text;
  const shownDetails = chosen ? chosen.details : details;
  const check = useAnswerCheck(streaming ? null : shownDetails, historyId !== null);
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
              <CopyAnswerButton text={shownText} refactorSource={refactorSource} rendered={content} />
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
        {streaming ? null : (
          <DraftTabs
            count={drafts.length}
            current={draft}
            panelId={panelId}
            onChoose={(next) => {
              setDraft(next);
              if (!onChooseDraft) return;
              choosing.current = choosing.current.then(async () => {
                const shown = drafts[shownOnServer.current - 1];
                if (!shown || shownOnServer.current === next) return;
                if (await onChooseDraft(shown.messageId, next)) shownOnServer.current = next;
              });
            }}
          />
        )}
        {streaming ? null : <EmailDraftHeader details={shownDetails} text={shownText} />}
        <WithMatchReport report={streaming ? null : matchReport}>
          {shownText ? (
            <RefactorView answer={shownText} source={streaming ? null : refactorSource}>
              <div
                id={panelId}
                {...(drafts.length > 1 ? { role: 'tabpanel', 'aria-label': `Draft ${draft}` } : {})}
              >
                <LazyMarkdown
                  className={cn(streaming && 'md-streaming')}
                  onCitation={streaming ? undefined : onCitation}
                  lineMarks={check.lineMarks}
                >
                  {shownText}
                </LazyMarkdown>
              </div>
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
        {streaming ? null : (
          <AnswerCheck
            historyId={historyId}
            answer={shownText}
            provenance={shownDetails?.provenance}
            unsupported={shownDetails?.unsupported}
            line={check.line}
            onLine={check.openLine}
            onClose={check.closeLine}
          />
        )}
        {coverage && !streaming ? <DocumentCoverageLine coverage={coverage} className="mt-4" /> : null}
        <p className="sr-only" role="status">
          {streaming ? '' : status === 'stopped' ? 'Generation stopped.' : 'Generation complete.'}
        </p>
      </div>
      {downloads && !streaming && text ? (
        <footer className="flex flex-wrap items-center justify-between gap-3 border-border border-t px-5 py-3">
          <AnswerDownloads
            historyId={downloads.historyId}
            label={downloads.label}
            service={downloads.service}
          />
          {onCoverLetter ? (
            <Button variant="outline" size="sm" onClick={onCoverLetter}>
              <FileSignature className="size-3.5" aria-hidden />
              Write a cover letter
            </Button>
          ) : null}
        </footer>
      ) : null}
    </section>
  );
}
