import { ArrowUp, Loader2 } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { FOLLOW_UP_MAX } from '#shared/history';
import { Button } from '#web/components/ui/button.tsx';

interface FollowUpBoxProps {
  pending: boolean;
  /** Why a follow-up cannot be sent now (an answer is open in the editor), said in place of the hint. */
  blockedBy?: string | null;
  /** Resolves true once the follow-up was answered (the box then empties). */
  onAsk: (content: string) => Promise<boolean>;
}

/** 'Ask a follow-up…' under a chat's answer; Ctrl/Cmd+Enter sends it (docs/product.md §3). */
export function FollowUpBox({ pending, blockedBy = null, onAsk }: FollowUpBoxProps) {
  const [content, setContent] = useState('');
  const id = useId();
  const ready = content.trim() !== '' && !pending && blockedBy === null;

  async function ask(event?: FormEvent) {
    event?.preventDefault();
    if (!ready) return;
    if (await onAsk(content.trim())) setContent('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void ask(event);
  }

  return (
    <form
      onSubmit={(event) => void ask(event)}
      className="rounded-2xl border border-border bg-card p-2 shadow-xs"
    >
      <label htmlFor={id} className="sr-only">
        Ask a follow-up
      </label>
      <textarea
        id={id}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={onKeyDown}
        maxLength={FOLLOW_UP_MAX}
        rows={2}
        placeholder="Ask a follow-up…"
        aria-keyshortcuts="Control+Enter Meta+Enter"
        className="block max-h-60 min-h-14 w-full resize-y bg-transparent px-3 py-2 text-sm outline-none placeholder:text-muted-foreground"
      />
      <div className="flex items-center justify-between gap-2 px-2 pb-1">
        {blockedBy ? (
          <span className="text-muted-foreground text-xs">{blockedBy}</span>
        ) : (
          <span className="text-muted-foreground text-xs max-sm:hidden">Ctrl + Enter to send</span>
        )}
        <Button type="submit" size="sm" disabled={!ready} className="ml-auto">
          {pending ? (
            <Loader2 className="size-3.5 animate-spin" aria-hidden />
          ) : (
            <ArrowUp className="size-3.5" aria-hidden />
          )}
          Send
        </Button>
      </div>
    </form>
  );
}
