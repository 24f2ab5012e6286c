import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, RefObject } from 'react';
import { type RefactorSource, refactorOf } from '#web/components/code-diff/refactor-view.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { clipboardHtml } from '#web/lib/copy-feedback.ts';

interface AnswerActionButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  icon: LucideIcon;
  /** Its name, and its visible label from small screens up (phones show the icon alone). */
  label: string;
}

/** One of an answer's header actions (New request, Edit, Regenerate): a quiet button with its icon. */
export function AnswerActionButton({ icon: Icon, label, ...props }: AnswerActionButtonProps) {
  return (
    <Button variant="ghost" size="sm" aria-label={label} className="text-muted-foreground" {...props}>
      <Icon className="size-3.5" aria-hidden />
      <span className="hidden sm:inline">{label}</span>
    </Button>
  );
}

/**
 * Copy of an answer: its Markdown as plain text and, once rendered, the rendered answer as rich text
 * (a paste into a mail or a document keeps headings and lists); a refactor's answer copies its code alone.
 */
export function CopyAnswerButton({
  text,
  refactorSource,
  rendered,
}: {
  text: string;
  refactorSource: RefactorSource | null;
  /** The element the answer is rendered in. */
  rendered: RefObject<HTMLElement | null>;
}) {
  const refactor = refactorOf(text, refactorSource);
  return (
    <CopyButton
      text={refactor?.refactored ?? text}
      html={refactor ? undefined : () => clipboardHtml(rendered.current)}
      label="Copy output"
    />
  );
}
