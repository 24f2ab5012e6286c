import type { Editor } from '@tiptap/core';
import { BubbleMenu } from '@tiptap/react/menus';
import { ChevronDown, Sparkles } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import type { RewriteInstruction } from '#shared/history';
import { menuContentClass } from '#web/components/ui/menu-classes.ts';
import { cn } from '#web/lib/cn.ts';
import { REWRITE_CHOICES } from './ai-actions.ts';
import { InstructionForm, ToneItems } from './ai-menu.tsx';

const chip =
  'inline-flex h-7 items-center gap-1 rounded-md px-2 font-medium text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The small menu over selected text: the rewrites, a tone and the person's own instruction, each acting
 * on the selection (the toolbar's 'Ask AI', Ctrl/⌘+J, offers the same from the keyboard).
 */
export function SelectionMenu({
  editor,
  onRewrite,
}: {
  editor: Editor;
  onRewrite: (instruction: RewriteInstruction) => void;
}) {
  const [asking, setAsking] = useState(false);
  // The tone list opens inside the menu, so focus moving to it does not count as leaving the editor.
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  return (
    <BubbleMenu
      editor={editor}
      options={{ placement: 'top', offset: 8, flip: true, shift: { padding: 8 } }}
      className="z-40"
    >
      <div
        ref={setContainer}
        data-selection-menu
        onKeyDown={(event) => {
          // Esc in the menu goes back to the text (its selection kept), not out of the editor.
          if (event.key === 'Escape' && !event.defaultPrevented) editor.commands.focus();
        }}
        role="toolbar"
        aria-label="Ask AI about the selection"
        className="grid max-w-[min(34rem,calc(100vw-1.5rem))] gap-1.5 rounded-lg border border-border bg-card p-1.5 text-foreground shadow-black/10 shadow-lg"
      >
        <div className="flex flex-wrap items-center gap-0.5">
          <Sparkles className="mx-1 size-3.5 text-primary" aria-hidden />
          {REWRITE_CHOICES.map((choice) => (
            <button
              key={choice.instruction}
              type="button"
              className={chip}
              onClick={() => onRewrite(choice.instruction)}
            >
              {choice.instruction === 'fix-grammar' ? 'Fix grammar' : choice.label}
            </button>
          ))}
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger className={chip}>
              Tone
              <ChevronDown className="size-3" aria-hidden />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal container={container}>
              <DropdownMenu.Content sideOffset={4} className={cn(menuContentClass, 'min-w-36')}>
                <ToneItems onRewrite={onRewrite} />
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          <button
            type="button"
            className={chip}
            aria-expanded={asking}
            onClick={() => setAsking((open) => !open)}
          >
            Ask…
          </button>
        </div>
        {asking ? (
          <InstructionForm
            scope="selection"
            autoFocus
            onSubmit={(instruction) => {
              setAsking(false);
              onRewrite(instruction);
            }}
            onCancel={() => {
              setAsking(false);
              editor.commands.focus();
            }}
          />
        ) : null}
      </div>
    </BubbleMenu>
  );
}
