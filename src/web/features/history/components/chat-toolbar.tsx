import { ChevronDown, Download, Loader2, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '#web/components/ui/button.tsx';
import { menuContentClass, menuItemClass } from '#web/components/ui/menu-classes.ts';
import type { ChatTeamShare } from '#web/features/history/api/team-share.ts';
import { cn } from '#web/lib/cn.ts';
import { useApiDownload } from '#web/lib/use-api-download.ts';
import { ShareDialog } from './share-dialog.tsx';
import { TeamShareButton } from './team-share-button.tsx';

interface ChatToolbarProps {
  chat: {
    _id: string;
    title: string;
    teamShare?: ChatTeamShare | null;
    author?: { uid: string; name: string };
  };
  /** Someone else's chat shared with the viewer's team: read-only, its author named instead. */
  readOnly: boolean;
  /** The team the viewer works in (null: personal). */
  team: { organizationId: string; name: string } | null;
}

/**
 * Above a saved chat: Share with team (in a team workspace), Share (a public link) and Download (the
 * whole chat as Markdown or JSON); above a chat a team member shared, who shared it.
 */
export function ChatToolbar({ chat, readOnly, team }: ChatToolbarProps) {
  if (readOnly) {
    return (
      <p className="flex items-center gap-1.5 text-muted-foreground text-sm" data-testid="chat-shared-by">
        <UserRound className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 truncate">
          Shared by{' '}
          <span className="font-medium text-foreground">{chat.author?.name ?? 'a team member'}</span>
          {chat.teamShare?.organizationName ? ` with ${chat.teamShare.organizationName}` : ''} · read-only
        </span>
      </p>
    );
  }
  return <OwnChatToolbar chat={chat} team={team} />;
}

function OwnChatToolbar({ chat, team }: Omit<ChatToolbarProps, 'readOnly'>) {
  const chatId = chat._id;
  const { title } = chat;
  const { busy, download } = useApiDownload();
  const transcript = (format: 'md' | 'json') =>
    void download(
      `/api/history/${encodeURIComponent(chatId)}/transcript?format=${format}`,
      `${title}.${format}`,
      'the chat',
    );
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      <TeamShareButton chatId={chatId} teamShare={chat.teamShare ?? null} team={team} />
      <ShareDialog chatId={chatId} />
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="sm" className="text-muted-foreground" disabled={busy}>
            {busy ? (
              <Loader2 className="size-3.5 animate-spin" aria-hidden />
            ) : (
              <Download className="size-3.5" aria-hidden />
            )}
            Download
            <ChevronDown className="size-3.5" aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className={cn(menuContentClass, 'min-w-44')}>
            <DropdownMenu.Item className={menuItemClass} onSelect={() => transcript('md')}>
              Markdown (.md)
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menuItemClass} onSelect={() => transcript('json')}>
              JSON (.json)
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
