import { ChevronDown, Download, Loader2, MessageSquare } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import type { ChatFile } from '#shared/documents';
import { FileCard } from '#web/components/file-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { useApiDownload } from '#web/lib/use-api-download.ts';
import { SavedMarkdown } from './saved-markdown.tsx';

interface PromptSectionProps {
  prompt: string;
  /** The document the chat was made from (docs/product.md §3 File), or null. */
  file?: ChatFile | null;
  /** Beside Hide/Show: the request's versions and Edit. */
  actions?: ReactNode;
}

/**
 * The saved chat's prompt, collapsible with Hide/Show (docs/product.md §2): the uploaded document, if
 * any, with its download, then the prompt as plain text, never markup.
 */
export function PromptSection({ prompt, file = null, actions = null }: PromptSectionProps) {
  const [open, setOpen] = useState(true);
  const contentId = useId();
  return (
    <section aria-labelledby={`${contentId}-title`} className="rounded-2xl border border-border bg-muted/40">
      <header className="flex items-center justify-between gap-3 px-5 py-3">
        <h2 id={`${contentId}-title`} className="flex items-center gap-2 font-semibold text-sm">
          <MessageSquare className="size-4 text-muted-foreground" aria-hidden />
          Prompt
        </h2>
        <div className="flex items-center gap-1.5">
          {actions}
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
        </div>
      </header>
      <div id={contentId} hidden={!open} className="grid gap-3 border-border border-t px-5 py-4">
        {file ? (
          <FileCard
            name={file.name}
            size={file.size}
            type={file.type}
            action={<FileDownloadButton file={file} />}
          />
        ) : null}
        <section
          aria-label="Request text"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a long prompt scrolls; a keyboard must reach it to scroll it (axe: scrollable-region-focusable).
          tabIndex={0}
          className="max-h-96 overflow-y-auto break-words rounded-md text-foreground/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <SavedMarkdown text={prompt} />
        </section>
      </div>
    </section>
  );
}

/** Downloads the original upload (owner only: the request carries the bearer token). */
function FileDownloadButton({ file }: { file: ChatFile }) {
  const { busy, download } = useApiDownload();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void download(file.url, file.name, 'the file')}
      disabled={busy}
      title={`Download ${file.name}`}
    >
      {busy ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden />
      ) : (
        <Download className="size-3.5" aria-hidden />
      )}
      <span className="max-sm:sr-only">Download</span>
    </Button>
  );
}
