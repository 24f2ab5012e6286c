import { Loader2, MessageSquareText } from 'lucide-react';
import { memo, useState } from 'react';
import type { Chat } from '#shared/history';
import { cutSidebarTitle } from '#shared/text';
import { useDeleteHistory } from '#web/features/history/api/delete-history.ts';
import { useRenameHistory } from '#web/features/history/api/rename-history.ts';
import { cn } from '#web/lib/cn.ts';
import { DeleteHistoryDialog } from './delete-history-dialog.tsx';
import { HistoryItemMenu } from './history-item-menu.tsx';
import { RenameInput } from './rename-input.tsx';

interface HistoryItemProps {
  chat: Chat;
  active: boolean;
  /** An answer of this chat is being written (docs/product.md §3: running chats are marked). */
  writing?: boolean;
  onSelect: (id: string) => void;
  onDeleted: (id: string) => void;
}

/**
 * One chat in the sidebar. Memoized: loading an older page or selecting a chat re-renders only the rows
 * whose chat or selection changed, not every row of a long list (bench/README.md, bench:render).
 */
export const HistoryItem = memo(function HistoryItem({
  chat,
  active,
  writing = false,
  onSelect,
  onDeleted,
}: HistoryItemProps) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rename = useRenameHistory();
  const remove = useDeleteHistory();
  const title = rename.isPending && rename.variables ? rename.variables.title : chat.title;

  function confirmDelete() {
    remove.mutate(chat._id, {
      onSuccess: (status) => {
        if (status !== 200) {
          console.log('Failed to delete history');
          return;
        }
        setConfirming(false);
        onDeleted(chat._id);
      },
      onError: (error) => {
        console.log('Failed to delete history', error);
        setConfirming(false);
      },
    });
  }

  return (
    <li
      className={cn(
        'group relative flex items-center gap-1 rounded-lg pr-1 transition-colors',
        active ? 'bg-accent text-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      {renaming ? (
        <div className="flex-1 py-1 pl-2">
          <RenameInput
            initial={chat.title}
            onCancel={() => setRenaming(false)}
            onSave={(next) => {
              setRenaming(false);
              rename.mutate({ id: chat._id, title: next });
            }}
          />
        </div>
      ) : (
        <button
          type="button"
          onClick={() => onSelect(chat._id)}
          aria-current={active ? 'true' : undefined}
          title={title}
          className="flex min-w-0 flex-1 items-center gap-2.5 rounded-lg py-2 pl-2.5 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {writing ? (
            <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
          ) : (
            <MessageSquareText className={cn('size-4 shrink-0', active && 'text-primary')} aria-hidden />
          )}
          {/* min-w-0 lets the title shrink below its text's width: an unbroken title (a URL, a line of code)
              is then cut with its '...' inside the sidebar instead of pushing it out. */}
          <span className="min-w-0 truncate" data-testid="history-title">
            {cutSidebarTitle(title)}
          </span>
          {writing ? <span className="sr-only">(an answer is being written)</span> : null}
        </button>
      )}
      {renaming ? null : (
        <HistoryItemMenu
          title={title}
          onRename={() => setRenaming(true)}
          onDelete={() => setConfirming(true)}
          className={cn(
            !active &&
              'opacity-100 lg:opacity-0 lg:group-focus-within:opacity-100 lg:group-hover:opacity-100',
          )}
        />
      )}
      <DeleteHistoryDialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title={title}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </li>
  );
});
