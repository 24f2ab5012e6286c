import type { ChainedCommands, Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Bold, Heading2, Italic, List, ListOrdered, type LucideIcon, Redo2, Undo2 } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

interface Format {
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  /** Whether the selection has it (shown as pressed); none for an action (undo, redo). */
  active?: (editor: Editor) => boolean;
  /** Whether it can be used now (undo, redo); formats always can. */
  can?: (editor: Editor) => boolean;
  run: (chain: ChainedCommands) => ChainedCommands;
}

const HISTORY: Format[] = [
  { label: 'Undo', shortcut: 'Control+Z', icon: Undo2, can: (e) => e.can().undo(), run: (c) => c.undo() },
  {
    label: 'Redo',
    shortcut: 'Control+Shift+Z',
    icon: Redo2,
    can: (e) => e.can().redo(),
    run: (c) => c.redo(),
  },
];

const FORMATS: Format[] = [
  {
    label: 'Bold',
    shortcut: 'Control+B',
    icon: Bold,
    active: (e) => e.isActive('bold'),
    run: (c) => c.toggleBold(),
  },
  {
    label: 'Italic',
    shortcut: 'Control+I',
    icon: Italic,
    active: (e) => e.isActive('italic'),
    run: (c) => c.toggleItalic(),
  },
  {
    label: 'Heading',
    icon: Heading2,
    active: (e) => e.isActive('heading', { level: 2 }),
    run: (c) => c.toggleHeading({ level: 2 }),
  },
  {
    label: 'Bulleted list',
    icon: List,
    active: (e) => e.isActive('bulletList'),
    run: (c) => c.toggleBulletList(),
  },
  {
    label: 'Numbered list',
    icon: ListOrdered,
    active: (e) => e.isActive('orderedList'),
    run: (c) => c.toggleOrderedList(),
  },
];

/**
 * The editor toolbar's own buttons, in two groups: undo and redo (`history`), and the formats the
 * answers' Markdown has (`formats`: bold, italic, heading, lists), pressed where the selection has them.
 */
export function FormatButtons({
  editor,
  group,
  disabled,
}: {
  editor: Editor;
  group: 'history' | 'formats';
  disabled: boolean;
}) {
  const buttons = group === 'history' ? HISTORY : FORMATS;
  const states = useEditorState({
    editor,
    selector: ({ editor: e }) => buttons.map((b) => ({ pressed: b.active?.(e), usable: b.can?.(e) ?? true })),
  });
  return buttons.map((button, index) => {
    const Icon = button.icon;
    const state = states[index];
    return (
      <button
        key={button.label}
        type="button"
        aria-label={button.label}
        title={button.label}
        aria-pressed={state?.pressed}
        aria-keyshortcuts={button.shortcut}
        disabled={disabled || !state?.usable}
        onClick={() => button.run(editor.chain().focus()).run()}
        className={cn(
          'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40',
          state?.pressed && 'bg-muted text-foreground',
        )}
      >
        <Icon className="size-4" aria-hidden />
      </button>
    );
  });
}
