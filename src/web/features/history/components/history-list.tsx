import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { RunningGeneration } from '#shared/history';
import { cutSidebarTitle } from '#shared/text';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useHistory } from '#web/features/history/api/get-history.ts';
import { cn } from '#web/lib/cn.ts';
import { HistoryItem } from './history-item.tsx';

interface HistoryListProps {
  uid: string;
  service: string;
  /** This tool's generations still being written: their chats are marked, new ones listed first. */
  running?: readonly RunningGeneration[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
}

/** The sidebar's history for one user and one service, newest first (docs/product.md §2, §3). */
export function HistoryList({ uid, service, running = [], activeId, onSelect, onDeleted }: HistoryListProps) {
  const history = useHistory(uid, service);
  // The rows are memoized, so they get handlers that stay the same while the caller's change.
  const handlers = useRef({ onSelect, onDeleted });
  useLayoutEffect(() => {
    handlers.current = { onSelect, onDeleted };
  });
  const select = useCallback((id: string) => handlers.current.onSelect(id), []);
  const deleted = useCallback((id: string) => handlers.current.onDeleted(id), []);

  useEffect(() => {
    if (history.error) console.error('Error loading chat history', history.error);
  }, [history.error]);

  if (history.isPending) {
    return (
      <div className="grid gap-2 px-2" aria-busy="true">
        <span className="sr-only" role="status">
          Loading history…
        </span>
        {[70, 85, 60, 78].map((width) => (
          <Skeleton key={width} className="h-8" style={{ width: `${width}%` }} />
        ))}
      </div>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="mx-2 rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
        Error loading chat history
      </p>
    );
  }

  const chats = history.data.pages.flatMap((page) => page.history);
  const writing = new Set(running.map((generation) => generation.historyId));
  // A new chat's first answer is saved when it ends: until then it is listed from the running ones.
  const unsaved = running.filter((g) => g.kind === 'new' && !chats.some((chat) => chat._id === g.historyId));
  if (chats.length === 0 && unsaved.length === 0) {
    return (
      <p className="px-3 py-2 text-muted-foreground text-sm">
        No history yet. Your results will appear here.
      </p>
    );
  }
  return (
    <>
      {/* One column as wide as the sidebar (not as wide as its longest title): titles are cut inside it. */}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5" aria-label="Chat history">
        {unsaved.map((generation) => (
          <li key={generation.id}>
            <button
              type="button"
              onClick={() => select(generation.historyId)}
              aria-current={generation.historyId === activeId ? 'true' : undefined}
              title={generation.title}
              className={cn(
                'flex w-full min-w-0 items-center gap-2.5 rounded-lg py-2 pl-2.5 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                generation.historyId === activeId
                  ? 'bg-accent text-foreground'
                  : 'text-muted-foreground hover:bg-muted',
              )}
            >
              <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
              <span className="min-w-0 truncate" data-testid="history-title">
                {cutSidebarTitle(generation.title)}
              </span>
              <span className="sr-only">(an answer is being written)</span>
            </button>
          </li>
        ))}
        {chats.map((chat) => (
          <HistoryItem
            key={chat._id}
            chat={chat}
            active={chat._id === activeId}
            writing={writing.has(chat._id)}
            onSelect={select}
            onDeleted={deleted}
          />
        ))}
      </ul>
      {history.hasNextPage ? (
        <button
          type="button"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
          className="mx-2 mt-2 inline-flex h-8 items-center justify-center gap-2 rounded-md text-muted-foreground text-xs hover:bg-muted hover:text-foreground disabled:opacity-60"
        >
          {history.isFetchingNextPage ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
          Show older
        </button>
      ) : null}
    </>
  );
}
