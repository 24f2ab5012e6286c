import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { Check, Loader2, Square, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessageResponse } from '#shared/history';
import { ErrorBanner } from '#web/components/error-banner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { AiMenu, InstructionForm } from './ai-menu.tsx';
import { answerEditorExtensions } from './editor-extensions.ts';
import { FormatButtons } from './format-buttons.tsx';
import { SelectionMenu } from './selection-menu.tsx';
import { AnswerSuggestion } from './suggestion-plugin.ts';
import { useAnswerEdits } from './use-answer-edits.ts';
import '#web/components/markdown/markdown.css';
import './answer-editor.css';

export interface AnswerEditorProps {
  chatId: string;
  /** The version of the answer opened for editing. */
  message: ChatMessageResponse;
  /** A version was saved or shown: the chat is read again (its versions move). */
  onChanged: () => void;
  /** Leaves the editor (after Save, Close, or Esc). */
  onClose: () => void;
  /** Follow-ups come after this answer: a new version of it starts a branch without them. */
  followedUp?: boolean;
}

/**
 * An answer in a rich-text editor (issue 33; Tiptap, Markdown in and out, loaded on first use): typed
 * over freely with undo and redo, saved as a new version; parts of it, or all of it, rewritten by the
 * model from the selection menu or the toolbar's 'Ask AI' (Ctrl/⌘+J), the model's text shown as a
 * suggestion in place until accepted or rejected. Esc leaves, asking first when there are unsaved changes.
 */
export function AnswerEditor({ chatId, message, onChanged, onClose, followedUp = false }: AnswerEditorProps) {
  const [aiMenuOpen, setAiMenuOpen] = useState(false);
  /** The instruction box of the toolbar: what it applies to, while open. */
  const [asking, setAsking] = useState<'selection' | 'whole' | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  /** The editor's element once drawn: its menus open inside it (in the answer's region). */
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const drawn = useCallback((element: HTMLDivElement | null) => {
    wrapper.current = element;
    setContainer(element);
  }, []);
  const editor = useEditor({
    extensions: [...answerEditorExtensions(), AnswerSuggestion],
    content: message.content,
    contentType: 'markdown',
    autofocus: 'start',
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'md-prose answer-editor-text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': 'Answer text',
        'aria-describedby': 'answer-editor-help',
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'j') {
          event.preventDefault();
          setAiMenuOpen(true);
          return true;
        }
        return false;
      },
    },
  });
  const edits = useAnswerEdits({ chatId, message, editor, onChanged });
  const { suggestion } = edits;
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => (e ? { hasSelection: !e.state.selection.empty, empty: e.isEmpty } : null),
  });

  const working = suggestion !== null || edits.saving;
  // While a suggestion is shown the text is read-only: focus goes to what can be done with it (Stop, then
  // Accept), where Esc works too; ending it gives focus back to the text.
  const stopButton = useRef<HTMLButtonElement>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const phase = suggestion?.phase;
  useEffect(() => {
    if (phase === 'writing') stopButton.current?.focus();
    else if (phase === 'ready') acceptButton.current?.focus();
  }, [phase]);
  const leave = () => (edits.dirty ? setConfirmLeave(true) : onClose());

  async function saveAndClose() {
    if (await edits.save()) onClose();
  }

  function onKeyDown(event: React.KeyboardEvent) {
    // (ProseMirror marks every Esc in the text as handled, so that is not asked.) Keys in the menus and
    // the instruction box are theirs: those in portals are outside this element, the rest are skipped.
    if (event.key !== 'Escape') return;
    const target = event.target as Element;
    if (!wrapper.current?.contains(target) || target.closest('[role="menu"], form, [data-selection-menu]'))
      return;
    event.preventDefault();
    if (suggestion?.phase === 'writing') void edits.stop();
    else if (suggestion?.phase === 'ready') void edits.reject();
    else if (!suggestion) leave();
  }

  if (!editor || !state) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Esc from anywhere inside the editor (its text, toolbar, boxes) leaves it.
    <div ref={drawn} onKeyDown={onKeyDown} className="grid gap-3" data-testid="answer-editor">
      <div
        role="toolbar"
        aria-label="Edit the answer"
        className="flex flex-wrap items-center gap-1 rounded-lg border border-border bg-muted/40 p-1"
      >
        <FormatButtons editor={editor} group="history" disabled={working} />
        <Separator />
        <FormatButtons editor={editor} group="formats" disabled={working} />
        <Separator />
        <AiMenu
          hasSelection={state.hasSelection}
          disabled={working}
          open={aiMenuOpen}
          onOpenChange={setAiMenuOpen}
          onRewrite={(instruction, scope) => void edits.rewrite(instruction, scope)}
          onCustom={() => setAsking(state.hasSelection ? 'selection' : 'whole')}
          container={container}
        />
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={leave} disabled={working}>
            {edits.dirty ? 'Cancel' : 'Close'}
          </Button>
          <Button
            size="sm"
            onClick={() => void saveAndClose()}
            disabled={working || !edits.dirty || state.empty}
          >
            {edits.saving ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
            Save
          </Button>
        </div>
      </div>
      {asking ? (
        <InstructionForm
          key={asking}
          scope={asking}
          autoFocus
          onSubmit={(instruction) => {
            const scope = asking;
            setAsking(null);
            void edits.rewrite(instruction, scope);
          }}
          onCancel={() => {
            setAsking(null);
            editor.commands.focus();
          }}
        />
      ) : null}
      <p id="answer-editor-help" className="text-muted-foreground text-xs">
        Select text to ask the AI about it, or press Ctrl/⌘+J. Saving keeps this as a new version; the earlier
        ones stay{followedUp ? ', with the follow-ups that answer them' : ''}.
      </p>
      <div id="answer-editor-text" className="rounded-lg border border-border bg-background px-4 py-3">
        <EditorContent editor={editor} />
      </div>
      {editor.isEditable && !suggestion ? (
        <SelectionMenu
          editor={editor}
          onRewrite={(instruction) => void edits.rewrite(instruction, 'selection')}
        />
      ) : null}
      {suggestion ? (
        <section
          aria-label="Suggestion"
          // Stays in view at the bottom of the window while a long answer is scrolled.
          className="sticky bottom-3 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-primary/40 bg-card px-3 py-2 shadow-black/10 shadow-lg"
        >
          <p className="mr-auto flex items-center gap-2 text-sm">
            {suggestion.phase === 'ready' ? null : <Loader2 className="size-3.5 animate-spin" aria-hidden />}
            <span>
              {suggestion.label}
              {suggestion.phase === 'writing'
                ? ' · writing…'
                : suggestion.phase === 'stopping'
                  ? ' · stopping…'
                  : ' · saved as a new version: keep it?'}
            </span>
          </p>
          {suggestion.phase === 'ready' ? (
            <>
              <Button ref={acceptButton} size="sm" onClick={edits.accept} disabled={edits.rejecting}>
                <Check className="size-3.5" aria-hidden />
                Accept
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void edits.reject()}
                disabled={edits.rejecting}
              >
                {edits.rejecting ? (
                  <Loader2 className="size-3.5 animate-spin" aria-hidden />
                ) : (
                  <X className="size-3.5" aria-hidden />
                )}
                Reject
              </Button>
            </>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => void edits.stop()}
              ref={stopButton}
              disabled={suggestion.phase === 'stopping'}
            >
              <Square className="size-3.5 fill-current" aria-hidden />
              Stop
            </Button>
          )}
        </section>
      ) : null}
      {edits.error ? <ErrorBanner error={edits.error} /> : null}
      <p className="sr-only" role="status" aria-live="polite">
        {edits.announcement}
      </p>
      <ConfirmDialog
        open={confirmLeave}
        onOpenChange={setConfirmLeave}
        title="Discard your changes?"
        description="What you typed since the last save is not kept. The saved versions stay."
        confirmLabel="Discard"
        pending={false}
        onConfirm={() => {
          setConfirmLeave(false);
          onClose();
        }}
      />
    </div>
  );
}

function Separator() {
  return <span className="mx-0.5 h-5 w-px bg-border" aria-hidden />;
}
