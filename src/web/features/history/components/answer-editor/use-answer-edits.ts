import type { Editor } from '@tiptap/core';
import type { Node as DocNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessageResponse, RewriteInstruction } from '#shared/history';
import { rewriteAnswer, saveEditedAnswer } from '#web/features/history/api/answer-edits.ts';
import { chooseVersion } from '#web/features/history/api/choose-version.ts';
import { askToStop } from '#web/lib/stop-generation.ts';
import { type ToolError, toToolError } from '#web/lib/tool-error.ts';
import { useFrameBatcher } from '#web/lib/use-frame-batcher.ts';
import { describeRewrite, type RewriteScope } from './ai-actions.ts';
import { markdownOffsets, offsetsInStored } from './markdown-range.ts';
import { showSuggestion, suggestionOf } from './suggestion-plugin.ts';

/** A rewrite shown over the editor: being written (Stop), or written and saved (Accept, Reject). */
export type Suggestion =
  | { phase: 'writing' | 'stopping'; label: string }
  | {
      phase: 'ready';
      label: string;
      /** The version the server saved: the answer with the selection replaced. */
      saved: ChatMessageResponse;
      /** The version it was made from, shown again on Reject. */
      previous: ChatMessageResponse;
    };

interface AnswerEditsOptions {
  chatId: string;
  /** The version the editor opened. */
  message: ChatMessageResponse;
  editor: Editor | null;
  /** A version was saved or shown (an edit, an accepted or rejected rewrite): the chat is read again. */
  onChanged: () => void;
}

/**
 * The editor's work with the server (issue 33): the saved version it started from, whether the text
 * differs from it, Save (a new version), and rewrites by the model of the selection, the whole answer
 * or at the cursor, shown as a suggestion until accepted (its saved version kept) or rejected (the
 * version before it shown again). Unsaved edits are saved as a version of their own before a rewrite,
 * so the model works on what the person sees.
 */
export function useAnswerEdits({ chatId, message, editor, onChanged }: AnswerEditsOptions) {
  /** The saved version the editor's text comes from. */
  const [base, setBase] = useState(message);
  /**
   * The editor's document for `base` (documents are immutable, so this is a reference): any other is
   * unsaved. Compared node by node on each change, not written out as Markdown on every keystroke.
   */
  const baseline = useRef<DocNode | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<ToolError | null>(null);
  /** Said to screen readers, politely: a suggestion being written, ready, accepted, rejected. */
  const [announcement, setAnnouncement] = useState('');
  /** A rewrite is under way, from its first step (saving unsaved edits) to its end: one at a time. */
  const busy = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const generationId = useRef<string | null>(null);
  /** Stop was pressed before the server named the generation: it is stopped once named. */
  const stopOnStart = useRef(false);
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const batcher = useFrameBatcher((text) => {
    if (!editor) return;
    const shown = suggestionOf(editor.state);
    if (shown) editor.view.dispatch(showSuggestion(editor.state.tr, { ...shown, text: shown.text + text }));
  });

  // Leaving the editor while the model writes stops it (closing the connection alone would not, and the
  // server would save it); a suggestion already written is saved, and the chat read again shows it.
  useEffect(
    () => () => {
      if (controller.current) {
        void askToStop(generationId.current);
        controller.current.abort();
      } else if (busy.current) changed.current();
    },
    [],
  );

  // The document of the version it opened is the one to compare with.
  useEffect(() => {
    if (!editor) return;
    baseline.current ??= editor.state.doc;
    const update = () => setDirty(!baseline.current?.eq(editor.state.doc));
    editor.on('update', update);
    return () => {
      editor.off('update', update);
    };
  }, [editor]);

  /** Saves the editor's text as a new version of the answer; null when it could not be saved. */
  const save = useCallback(async (): Promise<ChatMessageResponse | null> => {
    if (!editor) return null;
    setError(null);
    setSaving(true);
    // What is sent is what is saved: text typed while the request is out stays unsaved.
    const sent = editor.state.doc;
    const content = editor.getMarkdown();
    try {
      const saved = await saveEditedAnswer(chatId, base.id, content);
      setBase(saved);
      baseline.current = sent;
      setDirty(!sent.eq(editor.state.doc));
      changed.current();
      return saved;
    } catch (failure) {
      setError(toToolError(failure));
      return null;
    } finally {
      setSaving(false);
    }
  }, [editor, chatId, base.id]);

  /** Takes the suggestion's marks away and gives the text back to the person. */
  const endSuggestion = useCallback(() => {
    busy.current = false;
    setSuggestion(null);
    if (!editor) return;
    editor.view.dispatch(showSuggestion(editor.state.tr, null));
    setReadOnly(editor, false);
    editor.commands.focus();
  }, [editor]);

  const rewrite = useCallback(
    async (instruction: RewriteInstruction, scope: RewriteScope) => {
      if (!editor || busy.current) return;
      busy.current = true;
      setError(null);
      setAnnouncement('');
      const to = editor.state.selection.to;
      const from = scope === 'cursor' ? to : editor.state.selection.from;
      // Nothing is typed while the rewrite is prepared and written: its range must stay where it is.
      setReadOnly(editor, true);
      const refuse = (refusal: ToolError | null) => {
        busy.current = false;
        setReadOnly(editor, false);
        if (refusal) setError(refusal);
      };
      let target = base;
      if (dirty) {
        const saved = await save();
        if (!saved) return refuse(null);
        target = saved;
      }
      let selection: { start: number; end: number } | undefined;
      if (scope !== 'whole') {
        const range = markdownOffsets(editor.markdown!, editor.state.doc, from, to);
        const stored = range ? offsetsInStored(range.markdown, target.content, range) : null;
        if (!stored) {
          return refuse({
            message: 'This part of the answer could not be found in its saved text.',
            detail: 'Select whole words or sentences, or rewrite the whole answer.',
          });
        }
        selection = stored;
      }
      const shown = scope === 'whole' ? { from: 0, to: editor.state.doc.content.size } : { from, to };
      const label = describeRewrite(instruction, scope);
      // The selection gives way to the suggestion's marks: the text it replaces shows struck through.
      const tr = editor.state.tr.setSelection(TextSelection.near(editor.state.doc.resolve(shown.to), -1));
      editor.view.dispatch(showSuggestion(tr, { ...shown, text: '' }));
      setSuggestion({ phase: 'writing', label });
      setAnnouncement(`${label}: writing a suggestion.`);
      const abort = new AbortController();
      controller.current = abort;
      generationId.current = null;
      stopOnStart.current = false;
      try {
        const result = await rewriteAnswer(
          chatId,
          target.id,
          { instruction, selection },
          {
            signal: abort.signal,
            onDelta: batcher.push,
            onStarted: (id) => {
              generationId.current = id;
              if (stopOnStart.current) void askToStop(id);
            },
          },
        );
        if (abort.signal.aborted) return;
        batcher.flush();
        if (result.status === 'stopped') {
          endSuggestion();
          setAnnouncement('Suggestion stopped: nothing was changed.');
          return;
        }
        setSuggestion({ phase: 'ready', label, saved: result.message, previous: target });
        setAnnouncement(
          `Suggestion ready: ${spoken(suggestionOf(editor.state)?.text ?? '')} Accept or reject it.`,
        );
      } catch (failure) {
        if (abort.signal.aborted) return;
        batcher.cancel();
        endSuggestion();
        setError(toToolError(failure));
        setAnnouncement('The suggestion failed.');
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [editor, base, dirty, save, chatId, batcher, endSuggestion],
  );

  const stop = useCallback(async () => {
    const abort = controller.current;
    if (!abort) return;
    setSuggestion((s) => (s?.phase === 'writing' ? { ...s, phase: 'stopping' } : s));
    // Not named yet (its first event is on the way): stopped as soon as it is.
    if (!generationId.current) {
      stopOnStart.current = true;
      return;
    }
    if (await askToStop(generationId.current)) return;
    // The server could not be asked: stop listening, and say that it may still save its text.
    abort.abort();
    controller.current = null;
    batcher.cancel();
    endSuggestion();
    setError({
      message: 'The suggestion could not be stopped.',
      detail:
        'The server may still save it as a version of this answer: the arrows above show it once it has.',
    });
    changed.current();
  }, [batcher, endSuggestion]);

  const accept = useCallback(() => {
    if (suggestion?.phase !== 'ready' || !editor) return;
    const { saved } = suggestion;
    endSuggestion();
    setBase(saved);
    editor.commands.setContent(saved.content, { contentType: 'markdown' });
    baseline.current = editor.state.doc;
    setDirty(false);
    changed.current();
    setAnnouncement(`Suggestion accepted: version ${saved.version} of ${saved.versions}.`);
  }, [suggestion, endSuggestion, editor]);

  const reject = useCallback(async () => {
    if (suggestion?.phase !== 'ready' || rejecting) return;
    setRejecting(true);
    setError(null);
    try {
      // The server saved the suggestion as the answer's newest version: the one before it is shown again.
      await chooseVersion({ chatId, messageId: suggestion.saved.id, version: suggestion.previous.version });
      endSuggestion();
      changed.current();
      setAnnouncement(
        `Suggestion rejected: the answer is back to version ${suggestion.previous.version}; the suggestion stays as version ${suggestion.saved.version}.`,
      );
    } catch (failure) {
      setError(toToolError(failure));
    } finally {
      setRejecting(false);
    }
  }, [suggestion, rejecting, chatId, endSuggestion]);

  return {
    base,
    dirty,
    saving,
    suggestion,
    rejecting,
    error,
    announcement,
    save,
    rewrite,
    stop,
    accept,
    reject,
  };
}

/** The editor's text made read-only (while a rewrite is prepared, written and decided), and said so. */
function setReadOnly(editor: Editor, readOnly: boolean) {
  editor.setEditable(!readOnly);
  if (readOnly) editor.view.dom.setAttribute('aria-readonly', 'true');
  else editor.view.dom.removeAttribute('aria-readonly');
}

/** The start of a suggestion, as said to screen readers: a whole rewritten answer is not read out in full. */
function spoken(text: string): string {
  const SAID = 300;
  return text.length <= SAID
    ? text
    : `${text.slice(0, SAID).trimEnd()}… (${text.length.toLocaleString('en')} characters)`;
}
