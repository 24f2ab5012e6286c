import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isToolSlug, TOOLS } from '#shared/tools';
import { EmailVerificationBanner } from '#web/features/auth/components/email-verification-banner.tsx';
import { authStore, useAuth } from '#web/features/auth/lib/auth-store.ts';
import { chooseVersion } from '#web/features/history/api/choose-version.ts';
import { ChatPrompt } from '#web/features/history/components/chat-prompt.tsx';
import { ChatView } from '#web/features/history/components/chat-view.tsx';
import { DocumentPassagePanel } from '#web/features/history/components/document-passage-panel.tsx';
import { FollowUpBox } from '#web/features/history/components/follow-up-box.tsx';
import { HistoryDownloadMenu } from '#web/features/history/components/history-download-menu.tsx';
import { HistoryPanel } from '#web/features/history/components/history-panel.tsx';
import { ToolForm } from '#web/features/tools/components/tool-form.tsx';
import { ToolLayout } from '#web/features/tools/components/tool-layout.tsx';
import { ToolScreen } from '#web/features/tools/components/tool-screen.tsx';
import { clearToolDraft } from '#web/features/tools/lib/tool-draft.ts';
import { notify } from '#web/lib/notify.ts';

interface Selection {
  segment: string | undefined;
  chatId: string | null;
  /** Bumped by New Chat and a tool change: the form remounts with fresh state (docs/product.md §4). */
  formKey: number;
  /** A follow-up asked under a fresh answer: the chat opens and asks it. */
  followUp?: string;
  /** Edit under a fresh answer: the chat opens with that answer in the editor. */
  edit?: boolean;
  /** 'Write a cover letter' under a fresh resume: the chat opens and writes it. */
  coverLetter?: boolean;
}

/**
 * /services/:slug (docs/product.md §2): one view for every tool, composing the tool layout, the history
 * list and either the tool form or the selected saved chat.
 */
export function ToolRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const segment = location.pathname.split('/')[2];
  const { state } = useAuth();
  // A chat opened from elsewhere (a search in another tool, the team page's shared chats) arrives as
  // the navigation's state and opens at once.
  const opened = (location.state as { chatId?: unknown } | null)?.chatId;
  const openedChat = typeof opened === 'string' ? opened : null;
  const [selection, setSelection] = useState<Selection>({ segment, chatId: openedChat, formKey: 0 });

  // A tool change clears the selected chat (docs/product.md §4), during render so no stale frame shows.
  if (selection.segment !== segment) {
    setSelection((s) => ({ segment, chatId: openedChat, formKey: s.formKey + 1 }));
  }

  // New Chat starts afresh (docs/product.md §4): the tool's kept draft goes too, then the form remounts.
  const newChat = useCallback(() => {
    if (isToolSlug(segment)) clearToolDraft(TOOLS[segment]);
    setSelection((s) => ({ ...s, chatId: null, formKey: s.formKey + 1 }));
  }, [segment]);
  const select = useCallback(
    (chatId: string) =>
      setSelection((s) => ({ ...s, chatId, followUp: undefined, edit: false, coverLetter: false })),
    [],
  );
  // docs/product.md §4: after a delete the active chat is cleared.
  const clearActive = useCallback(() => setSelection((s) => ({ ...s, chatId: null })), []);

  if (state.status !== 'signed-in' || !isToolSlug(segment)) return null;
  const { user } = state;
  const uid = user.uid;
  const team = user.workspace
    ? { organizationId: user.workspace.organizationId, name: user.workspace.name }
    : null;
  return (
    <ToolLayout
      segment={segment}
      user={{ user, error: state.profileFailed === true }}
      onNewChat={newChat}
      historyActions={<HistoryDownloadMenu uid={uid} service={segment} />}
      renderHistory={(afterPick) => (
        <HistoryPanel
          uid={uid}
          service={segment}
          activeId={selection.chatId}
          onSelect={(id) => {
            select(id);
            afterPick();
          }}
          onDeleted={clearActive}
          onOpenElsewhere={(service, id) => {
            navigate(`/services/${service}`, { state: { chatId: id } });
            afterPick();
          }}
        />
      )}
    >
      <EmailVerificationBanner user={user} />
      {selection.chatId ? (
        <ChatView
          key={selection.chatId}
          chatId={selection.chatId}
          viewerUid={uid}
          team={team}
          onOpenChat={select}
          onSettled={authStore.reloadUser}
          initialFollowUp={selection.followUp}
          initialEdit={selection.edit}
          initialCoverLetter={selection.coverLetter}
          renderEditForm={({ input, pending, onSubmit, onCancel }) => (
            <section
              aria-label="Edit the request"
              className="rounded-2xl border border-border bg-card p-5 shadow-xs"
            >
              <ToolForm
                tool={TOOLS[segment]}
                initialValues={input}
                pending={pending}
                onSubmit={onSubmit}
                onCancel={onCancel}
              />
            </section>
          )}
        />
      ) : (
        <ToolScreen
          key={`${segment}:${selection.formKey}`}
          slug={segment}
          uid={uid}
          usage={user.usage}
          onSettled={authStore.reloadUser}
          renderRequest={(historyId) => <ChatPrompt chatId={historyId} />}
          onEditAnswer={(historyId) => setSelection((s) => ({ ...s, chatId: historyId, edit: true }))}
          onCoverLetter={(historyId) => setSelection((s) => ({ ...s, chatId: historyId, coverLetter: true }))}
          onChooseDraft={(historyId, messageId, version) =>
            // The chosen draft is what the saved chat shows, and so what the downloads use.
            chooseVersion({ chatId: historyId, messageId, version }).then(
              () => true,
              (error: unknown) => {
                notify.error(error instanceof Error ? error.message : 'The draft could not be chosen.');
                return false;
              },
            )
          }
          renderDocumentPassage={({ historyId, citation, fileName, onClose }) => (
            <DocumentPassagePanel
              chatId={historyId}
              citation={citation}
              fileName={fileName}
              onClose={onClose}
            />
          )}
          renderAfterAnswer={(historyId) => (
            <FollowUpBox
              pending={false}
              onAsk={async (content) => {
                setSelection((s) => ({ ...s, chatId: historyId, followUp: content }));
                return true;
              }}
            />
          )}
        />
      )}
    </ToolLayout>
  );
}
