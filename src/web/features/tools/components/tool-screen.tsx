import { type ReactNode, useState } from 'react';
import type { ToolDefinition, ToolSlug } from '#shared/tools';
import { answersEditable, TOOLS } from '#shared/tools';
import type { GenerationUsage } from '#shared/user';
import { answerDownloadLabel } from '#web/components/answer-downloads.tsx';
import { ErrorBanner } from '#web/components/error-banner.tsx';
import { useToolGeneration } from '#web/features/tools/hooks/use-tool-generation.ts';
import { readingFileName } from '#web/features/tools/lib/generation-state.ts';
import { allowanceUsedUp } from '#web/lib/allowance.ts';
import type { Citation } from '#web/lib/citations.ts';
import { useEscape } from '#web/lib/use-escape.ts';
import { AllowanceNotice } from './allowance-notice.tsx';
import { ModelStatusBanner } from './model-status-banner.tsx';
import { ToolForm } from './tool-form.tsx';
import { ToolOutput } from './tool-output.tsx';

interface ToolScreenProps {
  slug: ToolSlug;
  uid: string;
  /** Under a saved answer: what continues its chat (the follow-up box, composed by the route). */
  renderAfterAnswer?: (historyId: string) => ReactNode;
  /** Above a saved answer: its request as the saved chat shows it (the 'Prompt' section, composed by the route). */
  renderRequest?: (historyId: string) => ReactNode;
  /**
   * The passage a citation of a saved answer about a document names (the side panel, composed by the
   * route); without it citations stay text.
   */
  renderDocumentPassage?: (props: DocumentPassageProps) => ReactNode;
  /** The plan's generations this month: once used up, the form says so and cannot be sent. */
  usage?: GenerationUsage;
  /** After every settled request: the user's plan usage may have changed. */
  onSettled?: () => void;
  /** Edit under a saved answer of a writing tool: the chat opens with the answer in the editor. */
  onEditAnswer?: (historyId: string) => void;
  /** A draft chosen among several (the e-mail helper's `variants`): the saved chat shows that version. */
  onChooseDraft?: (historyId: string, messageId: string, version: number) => Promise<boolean>;
  /** 'Write a cover letter' under a resume: the chat opens and writes it. */
  onCoverLetter?: (historyId: string) => void;
}

/** What the side panel of a cited passage is given. */
export interface DocumentPassageProps {
  historyId: string;
  /** The citation clicked; null while the panel is closed. */
  citation: Citation | null;
  fileName: string | null;
  onClose: () => void;
}

/**
 * One tool: the form while idle, pending or failed (keeping what is typed until a success); the request
 * and the output in its place after a success or a Stop (docs/product.md §4). The form stays mounted
 * while hidden so its inputs survive a "New request". Above it, the model's state while it is not ready,
 * in one banner, also when a request was refused for want of a model (docs/product.md §2); in it, once
 * the plan's generations are used up, when they renew.
 */
export function ToolScreen({
  slug,
  uid,
  onSettled,
  renderAfterAnswer,
  renderRequest,
  renderDocumentPassage,
  usage,
  onEditAnswer,
  onChooseDraft,
  onCoverLetter,
}: ToolScreenProps) {
  const tool = TOOLS[slug];
  const downloadLabel = answerDownloadLabel(slug);
  const { state, start, stop, reset } = useToolGeneration({ tool, uid, onSettled });
  // Esc stops an answer being written (the shortcuts of the tool pages).
  useEscape(state.status === 'pending', () => void stop());
  const showForm = state.status === 'idle' || state.status === 'pending' || state.status === 'failed';
  const noModel = state.status === 'failed' && state.error.modelMissing ? state.error : null;
  const settled = state.status === 'success' || state.status === 'stopped';
  const [citation, setCitation] = useState<Citation | null>(null);
  // An answer about a document, saved (issue 32): its citations open the passage they name.
  const documentChat =
    settled && state.historyId && state.coverage && renderDocumentPassage
      ? { historyId: state.historyId, fileName: state.request.fileName }
      : null;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <ModelStatusBanner pending={state.status === 'pending'} refusedForNoModel={noModel} />
      <div hidden={!showForm}>
        <ToolForm
          tool={tool}
          pending={state.status === 'pending'}
          onSubmit={start}
          keepDraft
          refusal={
            usage && usage.limit !== null && allowanceUsedUp(usage) ? (
              <AllowanceNotice limit={usage.limit} periodEnd={usage.periodEnd} />
            ) : null
          }
        />
      </div>
      {state.status === 'failed' && !noModel ? <ErrorBanner error={state.error} /> : null}
      {settled && state.historyId && renderRequest ? renderRequest(state.historyId) : null}
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
          coverage={state.status === 'pending' ? null : state.coverage}
          onCitation={documentChat ? setCitation : undefined}
          downloads={
            downloadLabel && state.status !== 'pending'
              ? { historyId: state.historyId, label: downloadLabel, service: slug }
              : null
          }
          historyId={state.status === 'pending' ? null : state.historyId}
          details={state.status === 'pending' ? null : state.details}
          drafts={state.status === 'pending' ? [] : state.drafts}
          onChooseDraft={
            settled && state.historyId && onChooseDraft
              ? (messageId, version) => onChooseDraft(state.historyId as string, messageId, version)
              : undefined
          }
          onCoverLetter={
            state.status === 'success' &&
            state.historyId &&
            (tool as ToolDefinition).coverLetter &&
            onCoverLetter
              ? () => onCoverLetter(state.historyId as string)
              : undefined
          }
          onStop={() => void stop()}
          onNewRequest={reset}
          onEdit={
            settled && state.historyId && state.text && answersEditable(slug) && onEditAnswer
              ? () => onEditAnswer(state.historyId as string)
              : undefined
          }
        />
      ) : null}
      {settled && state.historyId && renderAfterAnswer ? renderAfterAnswer(state.historyId) : null}
      {documentChat && renderDocumentPassage
        ? renderDocumentPassage({ ...documentChat, citation, onClose: () => setCitation(null) })
        : null}
    </div>
  );
}
