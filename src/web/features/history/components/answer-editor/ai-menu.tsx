import { ChevronDown, ChevronRight, MessageSquareText, PenLine, Sparkles } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type FormEvent, useId, useState } from 'react';
import { REWRITE_CUSTOM_MAX, type RewriteInstruction } from '#shared/history';
import { Button } from '#web/components/ui/button.tsx';
import { menuContentClass, menuItemClass } from '#web/components/ui/menu-classes.ts';
import { cn } from '#web/lib/cn.ts';
import { REWRITE_CHOICES, type RewriteScope, TONE_CHOICES } from './ai-actions.ts';

interface AiMenuProps {
  /** Text is selected: the rewrites work on it; otherwise on the whole answer. */
  hasSelection: boolean;
  disabled: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRewrite: (instruction: RewriteInstruction, scope: RewriteScope) => void;
  /** 'Your own instruction…': the instruction box opens for the selection or the whole answer. */
  onCustom: () => void;
  /** Where the menu opens in the page: inside the editor, so it is part of the answer's region. */
  container: HTMLElement | null;
}

/**
 * The toolbar's 'Ask AI' menu (Ctrl/⌘+J): the rewrites on the selection, or on the whole answer when
 * nothing is selected, a tone, the person's own instruction, and 'Continue writing' at the cursor.
 */
export function AiMenu({
  hasSelection,
  disabled,
  open,
  onOpenChange,
  onRewrite,
  onCustom,
  container,
}: AiMenuProps) {
  const scope: RewriteScope = hasSelection ? 'selection' : 'whole';
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline" size="sm" disabled={disabled} aria-keyshortcuts="Control+J Meta+J">
          <Sparkles className="size-3.5 text-primary" aria-hidden />
          Ask AI
          <span className="sr-only">{hasSelection ? ' about the selection' : ' about the whole answer'}</span>
          <ChevronDown className="size-3.5" aria-hidden />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal container={container}>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          aria-label={hasSelection ? 'Rewrite the selection' : 'Rewrite the whole answer'}
          className={cn(menuContentClass, 'min-w-60')}
        >
          {/* Said by the menu's name; shown for the eye. */}
          <DropdownMenu.Label aria-hidden className="px-2.5 py-1.5 text-muted-foreground text-xs">
            {hasSelection ? 'Rewrite the selection' : 'Rewrite the whole answer'}
          </DropdownMenu.Label>
          {REWRITE_CHOICES.map((choice) => (
            <DropdownMenu.Item
              key={choice.instruction}
              className={menuItemClass}
              onSelect={() => onRewrite(choice.instruction, scope)}
            >
              {choice.label}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className={cn(menuItemClass, 'justify-between')}>
              Change the tone
              <ChevronRight className="size-3.5" aria-hidden />
            </DropdownMenu.SubTrigger>
            <DropdownMenu.Portal container={container}>
              <DropdownMenu.SubContent sideOffset={4} className={cn(menuContentClass, 'min-w-40')}>
                <ToneItems onRewrite={(instruction) => onRewrite(instruction, scope)} />
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
          <DropdownMenu.Item className={menuItemClass} onSelect={onCustom}>
            <MessageSquareText className="size-3.5" aria-hidden />
            Your own instruction…
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={menuItemClass} onSelect={() => onRewrite('continue', 'cursor')}>
            <PenLine className="size-3.5" aria-hidden />
            Continue writing at the cursor
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The tones a text can be rewritten in, as items of a menu. */
export function ToneItems({ onRewrite }: { onRewrite: (instruction: RewriteInstruction) => void }) {
  return TONE_CHOICES.map((tone) => (
    <DropdownMenu.Item
      key={tone.instruction}
      className={menuItemClass}
      onSelect={() => onRewrite(tone.instruction)}
    >
      {tone.label}
    </DropdownMenu.Item>
  ));
}

interface InstructionFormProps {
  /** What the instruction applies to, for its label. */
  scope: 'selection' | 'whole';
  onSubmit: (instruction: RewriteInstruction) => void;
  onCancel: () => void;
  autoFocus?: boolean;
  className?: string;
}

/** A free instruction for the model ('make this a table', 'add an example'): Enter sends it, Esc closes. */
export function InstructionForm({ scope, onSubmit, onCancel, autoFocus, className }: InstructionFormProps) {
  const [text, setText] = useState('');
  const id = useId();
  const trimmed = text.trim();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (trimmed) onSubmit(`custom:${trimmed}`);
  }
  return (
    <form onSubmit={submit} className={cn('flex items-center gap-2', className)}>
      <label className="sr-only" htmlFor={id}>
        {scope === 'selection'
          ? 'What should the AI do with the selection?'
          : 'What should the AI do with the answer?'}
      </label>
      <input
        id={id}
        value={text}
        maxLength={REWRITE_CUSTOM_MAX}
        // biome-ignore lint/a11y/noAutofocus: opened on purpose from a menu; the field is what comes next.
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Esc closes the box only, not the editor around it.
          event.stopPropagation();
          onCancel();
        }}
        placeholder={
          scope === 'selection'
            ? 'Ask AI to change this… e.g. make it a table'
            : 'Ask AI to change the answer… e.g. add an example'
        }
        className="h-8 min-w-0 flex-1 rounded-md border border-border bg-background text-foreground px-2.5 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      <Button type="submit" size="sm" disabled={!trimmed}>
        Ask
      </Button>
    </form>
  );
}
