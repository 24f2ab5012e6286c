import { Check, Info, Minus, Target, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { JobMatchReport } from '#shared/job-match-report';
import { cn } from '#web/lib/cn.ts';

/**
 * The resume assistant's job match report (computed by the server from the job description, not by
 * the model): the match score of the original and the optimized resume, which of the job's terms each
 * shows, the gaps the person may fill, and the terms the optimized version added, to be checked.
 * The live answer and the saved chat both show it beside the resume (below it on narrow screens).
 */
export function MatchReport({ report }: { report: JobMatchReport }) {
  const titleId = useId();
  // In the server's order: what the job asks for most first.
  const terms = report.terms;
  return (
    <aside
      aria-labelledby={titleId}
      className="grid content-start gap-5 rounded-xl border border-border bg-muted/30 p-4"
      data-testid="match-report"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-semibold text-sm">
        <Target className="size-4 text-primary" aria-hidden />
        Job match
      </h3>
      <div className="grid gap-3">
        <ScoreMeter label="Original resume" score={report.originalScore} tone="muted" />
        <ScoreMeter label="Optimized resume" score={report.optimizedScore} tone="primary" />
      </div>
      {terms.length > 0 ? <TermTable terms={terms} /> : null}
      <ReportSection title="Gaps to fill" icon={<Info className="size-3.5" aria-hidden />}>
        {report.gaps.length > 0 ? (
          <>
            <p className="text-muted-foreground text-xs leading-relaxed">
              The job asks for these, but your resume does not show them. Add them yourself only if they are
              true: the assistant never invents experience.
            </p>
            <ul className="flex flex-wrap gap-1.5" aria-label="Gaps to fill">
              {report.gaps.map((gap) => (
                <li key={gap} className="rounded-md border border-border bg-card px-2 py-0.5 text-xs">
                  {gap}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="text-muted-foreground text-xs">
            None: your resume shows everything the job asks for.
          </p>
        )}
      </ReportSection>
      {report.added.length > 0 ? (
        <div
          role="note"
          className="grid gap-1.5 rounded-lg border border-amber-500/40 bg-amber-50 px-3 py-2.5 text-amber-950 text-xs leading-relaxed dark:bg-amber-950/30 dark:text-amber-100"
        >
          <p className="flex items-center gap-1.5 font-semibold">
            <TriangleAlert className="size-3.5 shrink-0" aria-hidden />
            Check these are true
          </p>
          <p>
            The optimized version shows {listText(report.added)}, which your original resume did not. Keep
            them only if they are true.
          </p>
        </div>
      ) : null}
    </aside>
  );
}

/** 'a', 'a and b', 'a, b and c'. */
function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function ReportSection({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h4 className="flex items-center gap-1.5 font-semibold text-muted-foreground text-xs uppercase tracking-wide">
        {icon}
        {title}
      </h4>
      {children}
    </section>
  );
}

/** A 0–100 score as a labelled bar (role meter, so assistive technology reads the value). */
function ScoreMeter({ label, score, tone }: { label: string; score: number; tone: 'muted' | 'primary' }) {
  const labelId = useId();
  const value = Math.min(100, Math.max(0, Math.round(score)));
  return (
    <div className="grid gap-1">
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span id={labelId} className="font-medium">
          {label}
        </span>
        <span className="font-semibold text-sm tabular-nums">
          {value}
          <span className="font-normal text-muted-foreground text-xs"> / 100</span>
        </span>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a <meter> cannot be styled alike in every browser; this bar carries the same role and values. */}
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={`${value} out of 100`}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', tone === 'primary' ? 'bg-primary' : 'bg-muted-foreground/60')}
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}

function Tick({ present, where }: { present: boolean; where: string }) {
  return present ? (
    <>
      <Check className="mx-auto size-4 text-emerald-600 dark:text-emerald-400" aria-hidden />
      <span className="sr-only">In the {where}</span>
    </>
  ) : (
    <>
      <Minus className="mx-auto size-4 text-muted-foreground/60" aria-hidden />
      <span className="sr-only">Not in the {where}</span>
    </>
  );
}

function TermTable({ terms }: { terms: JobMatchReport['terms'] }) {
  return (
    <ReportSection title="What the job asks for" icon={null}>
      <div className="overflow-hidden rounded-lg border border-border bg-card">
        <table className="w-full table-fixed border-collapse text-xs">
          <thead>
            <tr className="border-border border-b text-muted-foreground">
              <th scope="col" className="px-2.5 py-1.5 text-left font-medium">
                Term
              </th>
              <th scope="col" className="w-[4.25rem] px-1 py-1.5 text-center font-medium">
                Original
              </th>
              <th scope="col" className="w-[4.25rem] px-1 py-1.5 text-center font-medium">
                Optimized
              </th>
            </tr>
          </thead>
          <tbody>
            {terms.map((term) => (
              <tr key={`${term.kind}:${term.term}`} className="border-border border-b last:border-b-0">
                <th scope="row" className="px-2.5 py-1.5 text-left font-normal">
                  <span className="break-words">{term.term}</span>
                  {term.kind === 'skill' ? (
                    <span className="ml-1.5 rounded bg-accent px-1 py-px text-[10px] text-primary">
                      skill
                    </span>
                  ) : null}
                </th>
                <td className="px-1 py-1.5 text-center">
                  <Tick present={term.inOriginal} where="original" />
                </td>
                <td className="px-1 py-1.5 text-center">
                  <Tick present={term.inOptimized} where="optimized version" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ReportSection>
  );
}

/**
 * The answer with its report beside it when there is one: side by side once the answer's container is
 * wide enough (a container query, so the sidebar's width counts), the report below it otherwise.
 * `data-wide-answer` lets the tool layout widen its column for the pair (tool-layout.tsx).
 */
export function WithMatchReport({
  report,
  children,
}: {
  report: JobMatchReport | null;
  children: ReactNode;
}) {
  if (!report) return <>{children}</>;
  return (
    <div className="@container" data-wide-answer="">
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 @3xl:grid-cols-[minmax(0,1fr)_19rem]">
        <div className="min-w-0">{children}</div>
        <MatchReport report={report} />
      </div>
    </div>
  );
}
