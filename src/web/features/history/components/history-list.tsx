import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useHistory } from '#web/features/history/api/get-history.ts';
import { HistoryItem } from './history-item.tsx';

interface HistoryListProps {
  uid: string;
  service: string;
  activeId: string | null;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
}

/** The sidebar's history for one user and one service, newest first (docs/product.md §2, §3). */
export function HistoryList({ uid, service, activeId, onSelect, onDeleted }: HistoryListProps) {
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
  if (chats.length === 0) {
    return (
      <p className="px-3 py-2 text-muted-foreground text-sm">
        No history yet. Your results will appear here.
      </p>
    );
  }
  return (
    <>
      <ul className="grid gap-0.5" aria-label="Chat history">
        {chats.map((chat) => (
          <HistoryItem
            key={chat._id}
            chat={chat}
            active={chat._id === activeId}
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
