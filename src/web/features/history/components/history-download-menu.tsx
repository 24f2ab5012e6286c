import { Download, Loader2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { formatToolName } from '#shared/tools';
import { menuContentClass, menuItemClass } from '#web/components/ui/menu-classes.ts';
import { cn } from '#web/lib/cn.ts';
import { useApiDownload } from '#web/lib/use-api-download.ts';

/** Beside the sidebar's History: every chat of this tool, or of all tools, as a ZIP of Markdown files. */
export function HistoryDownloadMenu({ uid, service }: { uid: string; service: string }) {
  const { busy, download } = useApiDownload();
  const zip = (only: string | null) =>
    void download(
      `/api/users/${encodeURIComponent(uid)}/history-export${only ? `?service=${encodeURIComponent(only)}` : ''}`,
      `draftsmith-${only ?? 'all'}-chats.zip`,
      'your chats',
    );
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Download chats"
        disabled={busy}
        className="grid size-7 place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {busy ? (
          <Loader2 className="size-3.5 animate-spin" aria-hidden />
        ) : (
          <Download className="size-3.5" aria-hidden />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={cn(menuContentClass, 'min-w-52')}>
          <DropdownMenu.Label className="px-2.5 py-1.5 text-muted-foreground text-xs">
            Download as Markdown (.zip)
          </DropdownMenu.Label>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => zip(service)}>
            {formatToolName(service)} chats
          </DropdownMenu.Item>
          <DropdownMenu.Item className={menuItemClass} onSelect={() => zip(null)}>
            All chats
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
