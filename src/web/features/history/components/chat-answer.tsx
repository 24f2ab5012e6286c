import { CircleStop, Loader2, PencilLine, RefreshCw, Sparkles, Square } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { ChatMessageResponse } from '#shared/history';
import { AnswerActionButton, CopyAnswerButton } from '#web/components/answer-action-button.tsx';
import { AnswerCheck, useAnswerCheck } from '#web/components/answer-check/answer-check.tsx';
import { type RefactorSource, RefactorView } from '#web/components/code-diff/refactor-view.tsx';
import { DraftTabs } from '#web/components/email-draft/draft-tabs.tsx';
import { EmailDraftHeader } from '#web/components/email-draft/email-draft-header.tsx';
import { LazyMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toAnswerDetails } from '#web/lib/answer-details.ts';
import type { Citation } from '#web/lib/citations.ts';
import { cn } from '#web/lib/cn.ts';
import { preloadAnswerEditor } from './answer-editor/lazy-answer-editor.tsx';
import { SavedMarkdown } from './saved-markdown.tsx';
import { VersionSwitcher } from './version-switcher.tsx';

type ChatAnswerProps = {
  /** The first answer is the chat's 'AI Output' (docs/product.md §2); later ones answer follow-ups. */
  title: string;
  /** Around the answer's text (the job match report of a resume chat). */
  wrap?: (answer: ReactNode) => ReactNode;
  /** Below the answer (its downloads). */
  footer?: ReactNode;
  /** A code refactor's submitted code: the answer offers its diff, and Copy copies the code alone. */
  refactorSource?: RefactorSource | null;
  /** An answer about the chat's document: its citations open the passage they name (once written). */
  onCitation?: (citation: Citation) => void;
  /** Under the answer's text once written: what was read of the document. */
  note?: ReactNode;
  /** The chat, for a checked answer's sources (the resume assistant's). */
  chatId?: string;
  /** Its versions are drafts of one e-mail: shown as tabs (issue 34), not as '2 / 3'. */
  versionsAsDrafts?: boolean;
} & (
  | {
      streaming?: false;
      message: ChatMessageResponse;
      /** Offered on the chat's last answer only. */
      onRegenerate?: () => void;
      /** Without it (a chat read by a team member who did not write it) the versions are not offered. */
      onChooseVersion?: (version: number) => void;
      /** Another answer is being written: versions and Regenerate wait. */
      busy: boolean;
      /** Edit: offered on the writing tools' answers to the chat's owner (issue 33). */
      onEdit?: () => void;
      /** The answer open in the editor: shown in place of its text. */
      editor?: ReactNode;
      /** Focus goes to Edit once drawn (the editor was just closed), then this is called. */
      focusEdit?: () => void;
    }
  | { streaming: true; text: string; stopping: boolean; onStop: () => void }
);

/**
 * One answer of a saved chat: as markdown with Copy, its versions ('2 / 3') and, on the last one,
 * Regenerate; or, while it is being written, its text as it arrives with Stop.
 */
export function ChatAnswer(props: ChatAnswerProps) {
  const { title, wrap = (answer) => answer, footer, refactorSource = null, onCitation, note } = props;
  const text = props.streaming ? props.text : props.message.content;
  const details = props.streaming ? null : toAnswerDetails(props.message);
  const check = useAnswerCheck(details, props.chatId !== undefined);
  const panelId = useId();
  const asTabs = !props.streaming && props.versionsAsDrafts === true && props.message.versions > 1;
  // The rendered answer, copied as rich text beside its Markdown.
  const content = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const focusEdit = props.streaming ? undefined : props.focusEdit;
  useEffect(() => {
    if (!focusEdit) return;
    editButton.current?.focus();
    focusEdit();
  }, [focusEdit]);
  return (
    <section
      aria-label={title}
      aria-busy={props.streaming === true}
      className="rounded-2xl border border-border bg-card shadow-xs"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-border border-b px-5 py-3">
        <h2 className="flex items-center gap-2 font-semibold text-sm">
          <Sparkles className={cn('size-4 text-primary', props.streaming && 'animate-pulse')} aria-hidden />
          {title}
          {props.streaming ? <span className="font-normal text-muted-foreground">· writing…</span> : null}
        </h2>
        <div className="flex items-center gap-1.5">
          {props.streaming ? (
            <Button variant="outline" size="sm" onClick={props.onStop} disabled={props.stopping}>
              {props.stopping ? (
                <Loader2 className="size-3.5 animate-spin" aria-hidden />
              ) : (
                <Square className="size-3.5 fill-current" aria-hidden />
              )}
              {props.stopping ? 'Stopping…' : 'Stop'}
            </Button>
          ) : (
            <>
              {props.onChooseVersion && !asTabs ? (
                <VersionSwitcher
                  version={props.message.version}
                  versions={props.message.versions}
                  of="answer"
                  disabled={props.busy}
                  onChoose={props.onChooseVersion}
                />
              ) : null}
              {props.onEdit && !props.editor ? (
                <AnswerActionButton
                  ref={editButton}
                  icon={PencilLine}
                  label="Edit"
                  aria-label="Edit this answer"
                  onClick={props.onEdit}
                  onPointerEnter={preloadAnswerEditor}
                  onFocus={preloadAnswerEditor}
                  disabled={props.busy}
                />
              ) : null}
              {props.onRegenerate ? (
                <AnswerActionButton
                  icon={RefreshCw}
                  label="Regenerate"
                  onClick={props.onRegenerate}
                  disabled={props.busy}
                />
              ) : null}
              {text && !props.editor ? (
                <CopyAnswerButton text={text} refactorSource={refactorSource} rendered={content} />
              ) : null}
            </>
          )}
        </div>
      </header>
      <div className="px-5 py-5" ref={content}>
        {!props.streaming && props.message.status === 'stopped' ? (
          <p className="mb-4 inline-flex items-center gap-2 rounded-lg bg-muted px-3 py-1.5 text-muted-foreground text-xs">
            <CircleStop className="size-3.5" aria-hidden />
            This answer was stopped before it finished.
          </p>
        ) : null}
        {asTabs && !props.streaming && props.onChooseVersion && !props.editor ? (
          <DraftTabs
            count={props.message.versions}
            current={props.message.version}
            disabled={props.busy}
            onChoose={props.onChooseVersion}
            panelId={panelId}
          />
        ) : null}
        {!props.streaming && !props.editor ? <EmailDraftHeader details={details} text={text} /> : null}
        {!props.streaming && props.editor
          ? props.editor
          : wrap(
              props.streaming ? (
                text ? (
                  <LazyMarkdown className="md-streaming">{text}</LazyMarkdown>
                ) : (
                  <div className="grid gap-2.5" aria-hidden>
                    <div className="h-3 w-11/12 animate-pulse rounded bg-muted" />
                    <div className="h-3 w-4/5 animate-pulse rounded bg-muted" />
                  </div>
                )
              ) : text ? (
                <RefactorView answer={text} source={refactorSource}>
                  <div
                    id={panelId}
                    {...(asTabs ? { role: 'tabpanel', 'aria-label': `Draft ${props.message.version}` } : {})}
                  >
                    <SavedMarkdown text={text} onCitation={onCitation} lineMarks={check.lineMarks} />
                  </div>
                </RefactorView>
              ) : (
                <p className="text-muted-foreground text-sm">no message yet</p>
              ),
            )}
        {!props.streaming && !props.editor ? (
          <AnswerCheck
            historyId={props.chatId ?? null}
            answer={text}
            provenance={details?.provenance}
            unsupported={details?.unsupported}
            line={check.line}
            onLine={check.openLine}
            onClose={check.closeLine}
          />
        ) : null}
        {note && !props.streaming && !props.editor ? <div className="mt-4">{note}</div> : null}
      </div>
      {footer && !props.streaming ? (
        <footer className="border-border border-t px-5 py-3">{footer}</footer>
      ) : null}
    </section>
  );
}
