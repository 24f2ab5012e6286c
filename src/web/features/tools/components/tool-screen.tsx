import type { ReactNode } from 'react';
import type { ToolSlug } from '#shared/tools';
import { TOOLS } from '#shared/tools';
import { answerDownloadLabel } from '#web/components/answer-downloads.tsx';
import { ErrorBanner } from '#web/components/error-banner.tsx';
import { useToolGeneration } from '#web/features/tools/hooks/use-tool-generation.ts';
import { readingFileName } from '#web/features/tools/lib/generation-state.ts';
import { useEscape } from '#web/lib/use-escape.ts';
import { ModelStatusBanner } from './model-status-banner.tsx';
import { ToolForm } from './tool-form.tsx';
import { ToolOutput } from './tool-output.tsx';

interface ToolScreenProps {
  slug: ToolSlug;
  uid: string;
  /** Under a saved answer: what continues its chat (the follow-up box, composed by the route). */
  renderAfterAnswer?: (historyId: string) => ReactNode;
  /** After every settled request: the user's plan usage may have changed. */
  onSettled?: () => void;
}

/**
 * One tool: the form while idle, pending or failed; the output in its place after a success or a
 * Stop (docs/product.md §4). The form stays mounted while hidden so its inputs survive a "New request".
 * Above it, the model's state while it is not ready (docs/product.md §2).
 */
export function ToolScreen({ slug, uid, onSettled, renderAfterAnswer }: ToolScreenProps) {
  const tool = TOOLS[slug];
  const downloadLabel = answerDownloadLabel(slug);
  const { state, start, stop, reset } = useToolGeneration({ tool, uid, onSettled });
  // Esc stops an answer being written (the shortcuts of the tool pages).
  useEscape(state.status === 'pending', () => void stop());
  const showForm = state.status === 'idle' || state.status === 'pending' || state.status === 'failed';

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <ModelStatusBanner pending={state.status === 'pending'} />
      <div hidden={!showForm}>
        <ToolForm tool={tool} pending={state.status === 'pending'} onSubmit={start} />
      </div>
      {state.status === 'failed' ? <ErrorBanner error={state.error} /> : null}
      {state.status === 'pending' || state.status === 'success' || state.status === 'stopped' ? (
        <ToolOutput
          text={state.text}
          refactorSource={state.request.refactorSource ?? null}
          status={state.status}
          stopping={state.status === 'pending' && state.stopping}
          saved={state.status !== 'pending' && state.historyId !== null}
          readingFileName={readingFileName(state)}
          progress={state.status === 'pending' ? state.progress : null}
          matchReport={state.status === 'pending' ? null : state.matchReport}
          downloads={
            downloadLabel && state.status !== 'pending'
              ? { historyId: state.historyId, label: downloadLabel }
              : null
          }
          onStop={() => void stop()}
          onNewRequest={reset}
        />
      ) : null}
      {(state.status === 'success' || state.status === 'stopped') && state.historyId && renderAfterAnswer
        ? renderAfterAnswer(state.historyId)
        : null}
    </div>
  );
}
