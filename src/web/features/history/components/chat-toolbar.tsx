import { ChevronDown, Download, Loader2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '#web/components/ui/button.tsx';
import { menuContentClass, menuItemClass } from '#web/components/ui/menu-classes.ts';
import { cn } from '#web/lib/cn.ts';
import { useApiDownload } from '#web/lib/use-api-download.ts';
import { ShareDialog } from './share-dialog.tsx';

/** Above a saved chat: Share (a public link) and Download (the whole chat as Markdown or JSON). */
export function ChatToolbar({ chatId, title }: { chatId: string; title: string }) {
  const { busy, download } = useApiDownload();
  const transcript = (format: 'md' | 'json') =>
    void download(
      `/api/history/${encodeURIComponent(chatId)}/transcript?format=${format}`,
      `${title}.${format}`,
      'the chat',
    );
  return (
    <div className="flex items-center justify-end gap-1">
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
