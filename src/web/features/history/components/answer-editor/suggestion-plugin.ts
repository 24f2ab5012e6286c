import { Extension } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/**
 * A rewrite the model is writing or has written, shown over the document without changing it: the text
 * it replaces struck through, and its own text after that, marked. Accepting puts the saved version in
 * the editor; rejecting takes the marks away.
 */
export interface SuggestionShown {
  /** The document range it replaces (`from` = `to`: new text at the cursor). */
  from: number;
  to: number;
  /** The model's text so far (Markdown, shown as it is). */
  text: string;
}

export const suggestionKey = new PluginKey<SuggestionShown | null>('answer-suggestion');

/** Shows `suggestion` over the document, or (null) takes it away. */
export function showSuggestion(tr: Transaction, suggestion: SuggestionShown | null): Transaction {
  return tr.setMeta(suggestionKey, suggestion).setMeta('addToHistory', false);
}

export function suggestionOf(state: EditorState): SuggestionShown | null {
  return suggestionKey.getState(state) ?? null;
}

function decorations(state: EditorState): DecorationSet {
  const suggestion = suggestionOf(state);
  if (!suggestion) return DecorationSet.empty;
  const { from, to, text } = suggestion;
  const marks: Decoration[] = [];
  if (from < to) {
    // Inline marks only cover text: blocks in the range are struck through their text.
    marks.push(Decoration.inline(from, to, { class: 'answer-suggestion-removed' }));
  }
  marks.push(
    Decoration.widget(
      to,
      () => {
        const added = document.createElement('span');
        added.className = 'answer-suggestion-added';
        added.setAttribute('data-testid', 'answer-suggestion');
        added.setAttribute('contenteditable', 'false');
        added.textContent = text === '' ? '…' : text;
        return added;
      },
      // A new key for new text: ProseMirror draws the widget again only when its key changes.
      { key: `suggestion:${text.length}`, side: 1, ignoreSelection: true },
    ),
  );
  return DecorationSet.create(state.doc, marks);
}

/**
 * The plugin that keeps the suggestion (set through `showSuggestion`) and draws it; the document under
 * it is left as it is (the editor is read-only while a suggestion is shown).
 */
export const AnswerSuggestion = Extension.create({
  name: 'answerSuggestion',
  addProseMirrorPlugins() {
    return [
      new Plugin<SuggestionShown | null>({
        key: suggestionKey,
        state: {
          init: () => null,
          apply(tr, value) {
            const meta = tr.getMeta(suggestionKey) as SuggestionShown | null | undefined;
            if (meta !== undefined) return meta;
            if (!value || !tr.docChanged) return value;
            return { ...value, from: tr.mapping.map(value.from), to: tr.mapping.map(value.to) };
          },
        },
        props: { decorations },
      }),
    ];
  },
});
