import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { menuContentClass, menuItemClass } from '#web/components/ui/menu-classes.ts';
import { cn } from '#web/lib/cn.ts';

interface HistoryItemMenuProps {
  title: string;
  onRename: () => void;
  onDelete: () => void;
  className?: string;
}

/** The per-chat menu: Rename and Delete (docs/product.md §2). */
export function HistoryItemMenu({ title, onRename, onDelete, className }: HistoryItemMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Options for ${title}`}
        className={cn(
          'grid size-7 shrink-0 place-items-center rounded-md text-muted-foreground transition-colors hover:bg-background hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-background data-[state=open]:text-foreground',
          className,
        )}
      >
        <MoreHorizontal className="size-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          side="bottom"
          sideOffset={4}
          // Rename moves focus into its input; do not pull it back to the trigger.
          onCloseAutoFocus={(event) => event.preventDefault()}
          className={cn(menuContentClass, 'min-w-36')}
        >
          <DropdownMenu.Item className={menuItemClass} onSelect={onRename}>
            <Pencil className="size-4 text-muted-foreground" aria-hidden />
            Rename
          </DropdownMenu.Item>
          <DropdownMenu.Item className={cn(menuItemClass, 'text-destructive')} onSelect={onDelete}>
            <Trash2 className="size-4" aria-hidden />
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
