import { ChevronDown, MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '#web/lib/cn.ts';

/** The saved chat's prompt, collapsible with Hide/Show (docs/product.md §2). Shown as plain text, never markup. */
export function PromptSection({ prompt }: { prompt: string }) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  return (
    <section aria-labelledby={`${contentId}-title`} className="rounded-2xl border border-border bg-muted/40">
      <header className="flex items-center justify-between gap-3 px-5 py-3">
        <h2 id={`${contentId}-title`} className="flex items-center gap-2 font-semibold text-sm">
          <MessageSquare className="size-4 text-muted-foreground" aria-hidden />
          Prompt
        </h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen((o) => !o)}
          className="inline-flex h-8 items-center gap-1 rounded-md px-2.5 font-medium text-muted-foreground text-xs hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {open ? 'Hide' : 'Show'}
          <ChevronDown className={cn('size-3.5 transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </header>
      <div id={contentId} hidden={!open} className="border-border border-t px-5 py-4">
        <p className="max-h-72 overflow-y-auto whitespace-pre-wrap break-words font-mono text-[13px] text-foreground/90 leading-relaxed">
          {prompt}
        </p>
      </div>
    </section>
  );
}
