import { useQueryClient } from '@tanstack/react-query';
import { ChevronsUpDown, FileSignature, PencilLine, UserRound } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessageResponse } from '#shared/history';
import { answersEditable, isToolSlug, TOOLS, type ToolDefinition } from '#shared/tools';
import { AnswerDownloads, answerDownloadLabel } from '#web/components/answer-downloads.tsx';
import type { RefactorSource } from '#web/components/code-diff/refactor-view.tsx';
import { DocumentCoverageLine } from '#web/components/document-coverage-line.tsx';
import { ErrorBanner } from '#web/components/error-banner.tsx';
import { preloadMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { WithMatchReport } from '#web/components/match-report.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import type { ChatAnswerRequest } from '#web/features/history/api/answer-in-chat.ts';
import { useChooseVersion } from '#web/features/history/api/choose-version.ts';
import { useHistoryItem } from '#web/features/history/api/get-history-item.ts';
import { useRunningGenerations } from '#web/features/history/api/get-running-generations.ts';
import { useChatAnswer } from '#web/features/history/hooks/use-chat-answer.ts';
import { answerBeingWritten } from '#web/features/history/lib/answer-being-written.ts';
import type { Citation } from '#web/lib/citations.ts';
import { firstCodeBlock } from '#web/lib/code-block.ts';
import { toDocumentCoverage } from '#web/lib/document-coverage.ts';
import { toMatchReport } from '#web/lib/match-report.ts';
import { generationKeys, historyKeys } from '#web/lib/query-keys.ts';
import { useEscape } from '#web/lib/use-escape.ts';
import { LazyAnswerEditor } from './answer-editor/lazy-answer-editor.tsx';
import { ChatAnswer } from './chat-answer.tsx';
import { ChatToolbar } from './chat-toolbar.tsx';
import { DocumentPassagePanel } from './document-passage-panel.tsx';
import { FollowUpBox } from './follow-up-box.tsx';
import { PromptSection } from './prompt-section.tsx';
import { VersionSwitcher } from './version-switcher.tsx';

/** The tool's form, filled with the chat's first request, for Edit (composed by the route). */
export interface EditFormProps {
  input: Record<string, string>;
  pending: boolean;
  /** Runs the edited request; resolves true once it was answered. */
  onSubmit: (input: Record<string, unknown>) => Promise<boolean>;
  onCancel: () => void;
}

interface ChatViewProps {
  chatId: string;
  /** The signed-in user's uid: a chat of someone else's (shared with their team) is read-only. */
  viewerUid: string;
  /** The team the viewer works in (null: personal): 'Share with team' shares with it. */
  team?: { organizationId: string; name: string } | null;
  /** Opens another chat: where a follow-up on someone else's shared chat went on (the viewer's copy). */
  onOpenChat?: (chatId: string) => void;
  /** After every answer that reached an end: the plan's usage may have changed. */
  onSettled?: () => void;
  /** Edit of the first request: offered when given, for chats kept with their form's fields. */
  renderEditForm?: (props: EditFormProps) => ReactNode;
  /** A follow-up to ask as soon as the chat is open (asked under the fresh answer on the tool screen). */
  initialFollowUp?: string;
  /** Opens the first answer in the editor at once (Edit under the fresh answer on the tool screen). */
  initialEdit?: boolean;
  /** Writes a cover letter as soon as the chat is open (asked under the fresh resume on the tool screen). */
  initialCoverLetter?: boolean;
}

/**
 * A saved chat (docs/product.md §2, §3): the collapsible Prompt (with the uploaded document, if any) and
 * the AI Output, then each follow-up and its answer, and a box to ask the next one. The last answer can
 * be regenerated, every answer and the first request show their versions, and the first request can
 * be edited and run again. Esc stops an answer being written.
 */
export function ChatView({
  chatId,
  viewerUid,
  team = null,
  onOpenChat,
  onSettled,
  renderEditForm,
  initialFollowUp,
  initialEdit = false,
  initialCoverLetter = false,
}: ChatViewProps) {
  const chat = useHistoryItem(chatId);
  const answer = useChatAnswer(chatId, onSettled, onOpenChat);
  const choose = useChooseVersion();
  const [editing, setEditing] = useState(false);
  /** The answer open in the editor (its place in the chat), or null. */
  const [editingAnswer, setEditingAnswer] = useState<number | null>(initialEdit ? 1 : null);
  /** The answer whose editor was just closed: its Edit button gets the focus back. */
  const [closedEditor, setClosedEditor] = useState<number | null>(null);
  const queryClient = useQueryClient();
  // A version saved or shown from the editor: the chat, its place in the lists and the plan's usage.
  const afterEdit = useCallback(() => {
    void queryClient.refetchQueries({ queryKey: historyKeys.item(chatId) });
    void queryClient.invalidateQueries({ queryKey: historyKeys.lists });
    void queryClient.invalidateQueries({ queryKey: generationKeys.running });
    onSettled?.();
  }, [queryClient, chatId, onSettled]);
  const [showAll, setShowAll] = useState(false);
  /** The document citation whose passage the side panel shows, or null. */
  const [citation, setCitation] = useState<Citation | null>(null);
  const pending = answer.state.status === 'pending' ? answer.state : null;
  const { stop, start, follow } = answer;
  // Asked once, even when a development build mounts the view twice.
  const askedFirst = useRef(false);
  useEffect(() => {
    if ((!initialFollowUp && !initialCoverLetter) || askedFirst.current) return;
    askedFirst.current = true;
    void start(initialFollowUp ? { kind: 'follow-up', content: initialFollowUp } : { kind: 'cover-letter' });
  }, [initialFollowUp, initialCoverLetter, start]);
  // An answer of this chat still being written (after a reload, or from another tab) is followed once.
  // (A rewrite in the editor is not an answer: it shows in the editor that asked for it.)
  const running = useRunningGenerations().data?.find(
    (generation) => generation.historyId === chatId && generation.kind !== 'rewrite',
  );
  const followed = useRef<string | null>(null);
  const idle = answer.state.status === 'idle';
  useEffect(() => {
    if (!running || !idle || followed.current === running.id) return;
    if (follow(running)) followed.current = running.id;
  }, [running, idle, follow]);
  // The renderer's chunk loads while the chat does.
  useEffect(preloadMarkdown, []);
  useEscape(pending !== null, () => void stop());

  if (chat.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading chat…
        </span>
        <Skeleton shape="card" className="h-24 w-full" />
        <Skeleton shape="card" className="h-64 w-full" />
      </div>
    );
  }
  // A new chat whose first answer is still being written is not saved yet: its answer streams alone.
  if (chat.isError && pending?.request.kind === 'follow' && pending.request.generation.kind === 'new') {
    return (
      <article className="grid grid-cols-[minmax(0,1fr)] gap-5" aria-label={pending.request.generation.title}>
        <ChatAnswer
          title="AI Output"
          streaming
          text={pending.text}
          stopping={pending.stopping}
          onStop={() => void stop()}
        />
      </article>
    );
  }
  if (chat.isError) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-destructive/30 bg-destructive/10 px-4 py-3 text-destructive text-sm"
      >
        Failed to fetch history
      </p>
    );
  }

  const { messages } = chat.data;
  const first = messages[0];
  const last = messages.at(-1);
  const busy = pending !== null || choose.isPending || editingAnswer !== null;
  // The answer being written shows apart until the chat read again holds it (then once, as saved).
  const live = answerBeingWritten(pending, messages);
  // While an answer is written, the one it replaces (a regenerated answer, an edited chat) steps aside.
  // What the answer being written is: asked here, or followed (then as the server lists it).
  const request = live?.request;
  const kind = requestKind(request);
  const question =
    request?.kind === 'follow-up'
      ? request.content
      : request?.kind === 'cover-letter'
        ? 'Write a cover letter'
        : request?.kind === 'follow'
          ? request.generation.question
          : null;
  const shown =
    kind === 'edit'
      ? messages.slice(0, 1)
      : kind === 'regenerate' && last?.role === 'assistant'
        ? messages.slice(0, -1)
        : messages;
  // Messages 2 … hiddenUntil − 1 stay folded in a long chat until asked for (a chat of 200 messages
  // would otherwise render 100 answers at once: bench/README.md, `npm run bench:render`).
  const hiddenUntil = !showAll && shown.length > LATEST_SHOWN + 4 ? shown.length - LATEST_SHOWN : 0;
  const matchReport = toMatchReport(chat.data.matchReport);
  const downloadLabel = answerDownloadLabel(chat.data.service);
  // A chat a team member shared, read by another member: no Edit, Regenerate or versions, and a
  // follow-up goes on in the reader's own copy.
  const readOnly = chat.data.uid !== viewerUid;
  const showVersion = (message: ChatMessageResponse) =>
    readOnly ? undefined : (version: number) => choose.mutate({ chatId, messageId: message.id, version });
  const input = chat.data.input;
  const canEdit = !readOnly && renderEditForm !== undefined && input !== null && chat.data.file === null;
  // The writing tools' answers open in the editor (issue 33), one at a time, for the chat's owner.
  const canEditAnswers = !readOnly && answersEditable(chat.data.service);
  const definition = isToolSlug(chat.data.service) ? (TOOLS[chat.data.service] as ToolDefinition) : null;
  // A resume chat writes a cover letter from the person's own resume (issue 34).
  const coverLetter =
    definition?.coverLetter && !readOnly ? () => void answer.start({ kind: 'cover-letter' }) : undefined;
  const chooseFirst = first ? showVersion(first) : undefined;

  // A tool whose answer is code (the refactor) shows its first answer compared with the code it was given.
  const view = isToolSlug(chat.data.service) ? TOOLS[chat.data.service].answerView : 'markdown';
  const submitted = view === 'code-diff' ? submittedCode(chat.data.input, first?.content) : null;
  const answerTitle = (index: number) =>
    index === 1 ? 'AI Output' : shown[index - 1]?.kind === 'cover-letter' ? 'Cover letter' : 'Answer';
  // A chat about a document (issue 32): what was read of it under the first answer, and the answers'
  // citations open the passage they name.
  const coverage = toDocumentCoverage(chat.data.coverage);
  const file = chat.data.file ?? null;
  const openCitation = file !== null || coverage !== null ? setCitation : undefined;
  return (
    <article className="grid grid-cols-[minmax(0,1fr)] gap-5" aria-label={chat.data.title}>
      <ChatToolbar chat={chat.data} readOnly={readOnly} team={team} />
      <PromptSection
        prompt={first?.content ?? ''}
        file={file}
        actions={
          first ? (
            <>
              {chooseFirst ? (
                <VersionSwitcher
                  version={first.version}
                  versions={first.versions}
                  of="chat"
                  disabled={busy}
                  onChoose={chooseFirst}
                />
              ) : null}
              {canEdit && !editing ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setEditing(true)}
                  disabled={busy}
                  className="text-muted-foreground"
                >
                  <PencilLine className="size-3.5" aria-hidden />
                  Edit
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      {editing && canEdit && renderEditForm
        ? renderEditForm({
            input,
            pending: requestKind(pending?.request) === 'edit',
            onSubmit: async (values) => {
              const done = await answer.start({ kind: 'edit', input: values });
              if (done) setEditing(false);
              return done;
            },
            onCancel: () => setEditing(false),
          })
        : null}
      {shown.slice(1).map((message, offset) => {
        const index = offset + 1;
        // A long chat opens with its first answer and its latest turns; the ones between wait for a click.
        if (index >= 2 && index < hiddenUntil) {
          return index === 2 ? (
            <Button
              key="earlier"
              variant="outline"
              size="sm"
              className="justify-self-center"
              onClick={() => setShowAll(true)}
            >
              <ChevronsUpDown className="size-3.5" aria-hidden />
              Show {hiddenUntil - 2} earlier messages
            </Button>
          ) : null;
        }
        if (message.role === 'user') return <FollowUpQuestion key={message.id} text={message.content} />;
        const isLast = index === messages.length - 1;
        const inEditor = editingAnswer === index && canEditAnswers;
        return (
          <ChatAnswer
            // The answer in the editor keeps its place while its versions change under it.
            key={inEditor ? 'in-editor' : message.id}
            title={answerTitle(index)}
            message={message}
            busy={busy}
            onEdit={
              canEditAnswers && !busy && message.content !== '' ? () => setEditingAnswer(index) : undefined
            }
            focusEdit={closedEditor === index ? () => setClosedEditor(null) : undefined}
            editor={
              inEditor ? (
                <LazyAnswerEditor
                  chatId={chatId}
                  message={message}
                  onChanged={afterEdit}
                  onClose={() => {
                    setEditingAnswer(null);
                    setClosedEditor(index);
                  }}
                  followedUp={!isLast}
                />
              ) : undefined
            }
            onChooseVersion={showVersion(message)}
            chatId={chatId}
            versionsAsDrafts={definition?.drafts === true}
            onRegenerate={isLast && !readOnly ? () => void answer.start({ kind: 'regenerate' }) : undefined}
            wrap={
              index === 1
                ? (text) => <WithMatchReport report={matchReport}>{text}</WithMatchReport>
                : undefined
            }
            refactorSource={index === 1 ? submitted : null}
            onCitation={openCitation}
            note={index === 1 && coverage ? <DocumentCoverageLine coverage={coverage} /> : undefined}
            footer={
              isLast && downloadLabel && !readOnly ? (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <AnswerDownloads historyId={chatId} label={downloadLabel} service={chat.data.service} />
                  {coverLetter ? (
                    <Button variant="outline" size="sm" onClick={coverLetter} disabled={busy}>
                      <FileSignature className="size-3.5" aria-hidden />
                      Write a cover letter
                    </Button>
                  ) : null}
                </div>
              ) : undefined
            }
          />
        );
      })}
      {messages.length < 2 && !live ? (
        <ChatAnswer
          title="AI Output"
          streaming={false}
          message={EMPTY_ANSWER}
          busy
          onChooseVersion={() => {}}
        />
      ) : null}
      {live ? (
        <>
          {question !== null ? <FollowUpQuestion text={question} /> : null}
          <ChatAnswer
            title={
              kind === 'follow-up'
                ? 'Answer'
                : kind === 'cover-letter'
                  ? 'Cover letter'
                  : answerTitle(shown.length)
            }
            streaming
            text={live.text}
            stopping={live.stopping}
            onStop={() => void stop()}
          />
        </>
      ) : null}
      {answer.state.status === 'failed' ? <ErrorBanner error={answer.state.error} /> : null}
      <FollowUpBox
        pending={pending !== null}
        // While an answer is in the editor the chat waits: a follow-up would build on the version it replaces.
        blockedBy={editingAnswer !== null ? 'Close the editor to ask a follow-up.' : null}
        onAsk={(content) => answer.start({ kind: 'follow-up', content })}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {pending ? (pending.stopping ? 'Stopping the answer.' : 'Writing an answer.') : answer.announcement}
      </p>
      {openCitation ? (
        <DocumentPassagePanel
          chatId={chatId}
          citation={citation}
          fileName={file?.name ?? null}
          onClose={() => setCitation(null)}
        />
      ) : null}
    </article>
  );
}

/** What an answer asked for is: a follow-up, a regenerated answer, an edit (a followed one as listed). */
function requestKind(request: ChatAnswerRequest | undefined) {
  return request?.kind === 'follow' ? request.generation.kind : request?.kind;
}

/** The code a refactor chat was asked about: its kept form fields, else its request's code block. */
function submittedCode(
  input: Record<string, string> | null,
  request: string | undefined,
): RefactorSource | null {
  if (input?.code) return { submitted: input.code, language: input.language ?? null };
  const block = request ? firstCodeBlock(request) : null;
  return block ? { submitted: block.code, language: block.language } : null;
}

/** The latest messages a long chat shows at once, beside its first request and answer. */
const LATEST_SHOWN = 20;

/** What the chat view shows for a chat saved without an answer (docs/product.md §3: 'no message yet'). */
const EMPTY_ANSWER: ChatMessageResponse = {
  id: 'none',
  role: 'assistant',
  content: '',
  version: 1,
  versions: 1,
  createdAt: null,
};

/** A follow-up question as the person wrote it: plain text, never markup. */
function FollowUpQuestion({ text }: { text: string }) {
  return (
    <section
      aria-label="Your follow-up"
      className="ml-auto flex max-w-[85%] gap-3 rounded-2xl bg-muted/60 px-4 py-3"
    >
      <UserRound className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      <p className="whitespace-pre-wrap break-words text-sm">{text}</p>
    </section>
  );
}
