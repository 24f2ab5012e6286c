import { ListChecks, ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useMemo, useState } from 'react';
import type { AnswerDetails, LineSources, UnsupportedClaim } from '#shared/answer-details';
import type { MarkdownLineMarks } from '#web/components/markdown/lazy-markdown.tsx';
import { SideSheet, SideSheetClose } from '#web/components/ui/side-sheet.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { nounFor } from '#web/lib/plural.ts';
import { useChatSource } from './get-chat-source.ts';

/**
 * The resume assistant's check of an answer (issue 34), as the page shows it: what the person's resume
 * does not show, marked in the answer (its reason on hover and focus) and listed under 'Check these are
 * true'; and, for any line of the answer, the lines of the resume it was drawn from, in a side sheet.
 * Nothing is removed: the person decides. Made by the server (src/server/tools/resume-provenance.ts).
 */

/** The line whose sources the sheet shows, and what the answer's Markdown needs to mark and open lines. */
export function useAnswerCheck(details: AnswerDetails | null | undefined, sourcesAvailable: boolean) {
  const [line, setLine] = useState<number | null>(null);
  const unsupported = details?.unsupported;
  const lineMarks = useMemo<MarkdownLineMarks | null>(
    () =>
      unsupported
        ? { marks: unsupported, ...(sourcesAvailable && details?.provenance ? { onLine: setLine } : {}) }
        : null,
    [unsupported, sourcesAvailable, details?.provenance],
  );
  return { line, openLine: setLine, closeLine: () => setLine(null), lineMarks };
}

interface AnswerCheckProps {
  /** The saved chat (its resume is read from it); null: not saved, no sources to show. */
  historyId: string | null;
  answer: string;
  provenance: readonly LineSources[] | undefined;
  unsupported: readonly UnsupportedClaim[] | undefined;
  line: number | null;
  onLine: (line: number) => void;
  onClose: () => void;
}

export function AnswerCheck({
  historyId,
  answer,
  provenance,
  unsupported,
  line,
  onLine,
  onClose,
}: AnswerCheckProps) {
  if (!unsupported) return null;
  const canShowSources = historyId !== null && provenance !== undefined;
  return (
    <>
      {unsupported.length > 0 ? (
        <section
          aria-labelledby="answer-check-title"
          className="mt-5 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700/60 dark:bg-amber-950/30 dark:text-amber-50"
          data-copy-skip
        >
          <h3 id="answer-check-title" className="flex items-center gap-2 font-semibold text-sm">
            <ListChecks className="size-4" aria-hidden />
            Check these are true
          </h3>
          <p className="mt-1 text-sm">
            Your resume does not show {nounFor(unsupported.length, 'this claim', 'these claims')}. Keep{' '}
            {unsupported.length === 1 ? 'it' : 'each'} only if it is true; nothing was removed.
          </p>
          <ul className="mt-2 grid gap-1.5 text-sm" data-testid="unsupported-claims">
            {unsupported.map((claim) => (
              <li key={`${claim.line}:${claim.text}`} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">“{claim.text}”</span>
                <span className="text-amber-900/80 dark:text-amber-100/80">{claim.reason}</span>
                {canShowSources ? (
                  <button
                    type="button"
                    className="rounded text-amber-900 text-xs underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-ring dark:text-amber-100"
                    aria-haspopup="dialog"
                    onClick={() => onLine(claim.line)}
                  >
                    Where is line {claim.line} from?
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <p className="mt-5 flex items-center gap-2 text-muted-foreground text-sm" data-copy-skip>
          <ShieldCheck className="size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
          Every number, date, employer, title, degree and named skill in it is in your resume.
          {canShowSources ? ' Click a line to see where it comes from.' : ''}
        </p>
      )}
      {canShowSources ? (
        <LineSourcesSheet
          historyId={historyId}
          answer={answer}
          provenance={provenance}
          unsupported={unsupported}
          line={line}
          onClose={onClose}
        />
      ) : null}
    </>
  );
}

/** The side sheet: a line of the answer, what in it the resume does not show, and the resume's lines it comes from. */
function LineSourcesSheet({
  historyId,
  answer,
  provenance,
  unsupported,
  line,
  onClose,
}: {
  historyId: string;
  answer: string;
  provenance: readonly LineSources[];
  unsupported: readonly UnsupportedClaim[];
  line: number | null;
  onClose: () => void;
}) {
  return (
    <SideSheet open={line !== null} onClose={onClose} className="w-[min(32rem,100vw)]">
      {line !== null ? (
        <LineSourcesView
          historyId={historyId}
          line={line}
          lineText={answer.split(/\r\n?|\n/)[line - 1] ?? ''}
          sources={provenance.find((entry) => entry.line === line)?.sources ?? []}
          claims={unsupported.filter((claim) => claim.line === line)}
        />
      ) : null}
    </SideSheet>
  );
}

/** Markdown marks off a line as the sheet quotes it: what it reads. */
function readable(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s+|[-*+]\s+|\d{1,3}[.)]\s+|>\s?)/, '')
    .replace(/[*_`]+/g, '')
    .trim();
}

function LineSourcesView({
  historyId,
  line,
  lineText,
  sources,
  claims,
}: {
  historyId: string;
  line: number;
  lineText: string;
  sources: readonly number[];
  claims: readonly UnsupportedClaim[];
}) {
  const source = useChatSource(historyId);
  const lines = source.data?.text.split(/\r\n?|\n/) ?? [];
  return (
    <>
      <header className="flex items-start justify-between gap-3 border-border border-b px-5 py-4">
        <div className="min-w-0">
          <Dialog.Title className="font-semibold text-base leading-snug">
            Where line {line} comes from
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-muted-foreground text-sm">
            “{readable(lineText) || 'An empty line'}”
          </Dialog.Description>
        </div>
        <SideSheetClose />
      </header>
      <div className="grid gap-4 overflow-y-auto px-5 py-5 text-sm" data-testid="line-sources">
        {claims.length > 0 ? (
          <div>
            <h3 className="font-medium">Not in your resume</h3>
            <ul className="mt-1 list-disc ps-5">
              {claims.map((claim) => (
                <li key={claim.text}>
                  “{claim.text}”: {claim.reason}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <h3 className="font-medium">
            {sources.length === 0
              ? 'No line of your resume'
              : `From your resume${source.data?.name ? ` (${source.data.name})` : ''}`}
          </h3>
          {sources.length === 0 ? (
            <p className="mt-1 text-muted-foreground">
              This line was not drawn from one line of your resume: it is new wording (a summary or a
              heading). Check it says only what your resume does.
            </p>
          ) : source.isPending ? (
            <div className="mt-2 grid gap-2" aria-busy="true">
              <span className="sr-only" role="status">
                Loading your resume…
              </span>
              <Skeleton className="h-3 w-11/12" />
              <Skeleton className="h-3 w-4/5" />
            </div>
          ) : source.isError ? (
            <p className="mt-1 text-destructive" role="alert">
              {source.error.message || 'Your resume could not be loaded.'}
            </p>
          ) : (
            <ol className="mt-2 grid gap-2">
              {sources.map((number) => (
                <li key={number} className="rounded-lg border border-border bg-muted/40 px-3 py-2">
                  <span className="me-2 font-mono text-muted-foreground text-xs">Line {number}</span>
                  <span className="whitespace-pre-wrap">{lines[number - 1] ?? ''}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </div>
    </>
  );
}
