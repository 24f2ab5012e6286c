import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';
import { createCopyFeedback, writeClipboard } from '#web/lib/copy-feedback.ts';

const SIZES = { sm: 'h-7', md: 'h-8' } as const;

interface CopyButtonProps {
  /** The text to copy, or a function that returns it at click time. */
  text: string | (() => string);
  /** The same as HTML, at click time (rich text beside the plain text), or null when there is none. */
  html?: () => string | null;
  /** Accessible name when it must differ from the visible label, e.g. 'Copy code'. */
  label?: string;
  /** `sm` (h-7) fits a code block's header; `md` (h-8) sits next to `sm` Buttons. */
  size?: keyof typeof SIZES;
  /** The visible label before a copy ('Copy' unless given, e.g. 'Copy invitation link'). */
  caption?: string;
}

/** Copy → Copied for 2 s after a successful clipboard write (docs/product.md §2, §9). */
export function CopyButton({ text, html, label, size = 'md', caption = 'Copy' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const feedback = useRef<ReturnType<typeof createCopyFeedback> | null>(null);
  feedback.current ??= createCopyFeedback({ write: writeClipboard, onChange: setCopied });
  useEffect(() => () => feedback.current?.dispose(), []);

  return (
    <button
      type="button"
      onClick={() => void feedback.current?.copy(typeof text === 'function' ? text() : text, html?.())}
      aria-label={label ? (copied ? `${label}: copied` : label) : undefined}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md border border-border bg-card px-2.5 font-medium text-xs shadow-xs transition-colors',
        'hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        SIZES[size],
        copied ? 'text-emerald-600 dark:text-emerald-400' : 'text-muted-foreground',
      )}
    >
      {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
      <span aria-live="polite">{copied ? 'Copied' : caption}</span>
    </button>
  );
}
