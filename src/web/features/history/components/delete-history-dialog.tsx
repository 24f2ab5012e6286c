import { Loader2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { Button } from '#web/components/ui/button.tsx';

interface DeleteHistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  pending: boolean;
  onConfirm: () => void;
}

/** docs/product.md §2: delete asks first, with the exact question. */
export function DeleteHistoryDialog({
  open,
  onOpenChange,
  title,
  pending,
  onConfirm,
}: DeleteHistoryDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl data-[state=open]:animate-fade-in">
          <AlertDialog.Title className="font-semibold text-lg">
            Are you sure you want to delete this history?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted-foreground text-sm">
            “{title}” and its output will be removed for good. This cannot be undone.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant="destructive"
              disabled={pending}
              onClick={(event) => {
                // Stay open until the server answers; the caller closes the dialog.
                event.preventDefault();
                onConfirm();
              }}
            >
              {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              Delete
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
