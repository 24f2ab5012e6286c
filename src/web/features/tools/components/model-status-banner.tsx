import { ChevronRight, CloudOff, Download, Loader2 } from 'lucide-react';
import { useAiStatus } from '#web/features/tools/api/get-ai-status.ts';
import { type ModelNotice, modelMissingNotice, modelNotice } from '#web/features/tools/lib/model-notice.ts';
import { cn } from '#web/lib/cn.ts';

interface ModelStatusBannerProps {
  pending: boolean;
  /**
   * A request was refused because no model can be had (its server message): the banner says so, in
   * place of a second red banner, even before the model's status caught up.
   */
  refusedForNoModel?: { detail?: string } | null;
}

/**
 * Above the tool form (docs/product.md §2): while the model downloads or loads, its progress and that a
 * request may be sent meanwhile; when no model can be had, that it is not available yet, before anyone
 * fills the form, with why and what to configure behind 'Details for the administrator'. Nothing once
 * the model is ready, while it rests out of memory between uses (a request loads it: 'The model is
 * loading.'), or while its state is unknown.
 */
export function ModelStatusBanner({ pending, refusedForNoModel = null }: ModelStatusBannerProps) {
  const { data } = useAiStatus(pending);
  const fromStatus = data ? modelNotice(data, pending) : null;
  const notice =
    refusedForNoModel && fromStatus?.kind !== 'failed'
      ? modelMissingNotice(refusedForNoModel.detail)
      : fromStatus;
  if (!notice) return null;
  return notice.kind === 'failed' ? <FailedBanner notice={notice} /> : <PreparingBanner notice={notice} />;
}

function PreparingBanner({ notice }: { notice: Extract<ModelNotice, { kind: 'preparing' }> }) {
  const { downloading } = notice;
  const Icon = downloading ? Download : Loader2;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="model-status"
      className="flex gap-3 rounded-xl border border-primary/25 bg-accent px-4 py-3 text-foreground"
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0 text-primary', !downloading && 'animate-spin')}
        aria-hidden
      />
      <div className="grid min-w-0 flex-1 gap-2 text-sm">
        <div className="grid gap-0.5">
          <p className="font-medium">{notice.title}</p>
          <p className="text-muted-foreground">{notice.detail}</p>
        </div>
        <div className="flex items-center gap-3">
          <div
            role="progressbar"
            aria-label={downloading ? 'Model download' : 'Model loading'}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={notice.percent ?? undefined}
            className="h-1.5 flex-1 overflow-hidden rounded-full bg-primary/15"
          >
            <div
              className={cn(
                'h-full rounded-full bg-primary transition-[width] duration-500 ease-out',
                notice.percent === null && 'w-1/3 animate-pulse',
              )}
              style={notice.percent === null ? undefined : { width: `${notice.percent}%` }}
            />
          </div>
          {notice.progress ? (
            <span className="shrink-0 text-muted-foreground text-xs tabular-nums">{notice.progress}</span>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function FailedBanner({ notice }: { notice: Extract<ModelNotice, { kind: 'failed' }> }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="model-status"
      className="flex gap-3 rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-destructive"
    >
      <CloudOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1 text-sm">
        <p className="font-medium">{notice.title}</p>
        {notice.retry ? <p className="text-foreground/80">{notice.retry}</p> : null}
        <details className="group mt-1 text-foreground/80">
          <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded font-medium text-destructive text-xs hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            <ChevronRight className="size-3.5 transition-transform group-open:rotate-90" aria-hidden />
            Details for the administrator
          </summary>
          <div className="mt-1.5 grid gap-1 border-destructive/20 border-l-2 pl-3 text-xs leading-relaxed">
            <p className="[overflow-wrap:anywhere]">{notice.reason}</p>
            {notice.advice ? <p className="[overflow-wrap:anywhere]">{notice.advice}</p> : null}
          </div>
        </details>
      </div>
    </div>
  );
}
