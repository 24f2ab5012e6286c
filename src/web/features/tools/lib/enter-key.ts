import type { ToolField } from '#shared/tool-forms';

/** What a key press in a tool form's box carries. */
export interface EnterPress {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  /** An input method is composing text: its Enter confirms the composition. */
  isComposing: boolean;
}

/**
 * Whether a key press in a form's box sends the form (docs/product.md §4, Enter): in a text box Enter
 * without Shift sends (Shift+Enter is a new line); in the code box ('Your Code') Enter is a new line,
 * since code has many, and Ctrl/Cmd+Enter sends, as in the follow-up box. Ctrl/Cmd+Enter sends from
 * every box.
 */
export function sendsForm(kind: ToolField['kind'], press: EnterPress): boolean {
  if (press.key !== 'Enter' || press.isComposing) return false;
  if (press.ctrlKey || press.metaKey) return true;
  return kind !== 'code' && !press.shiftKey;
}
