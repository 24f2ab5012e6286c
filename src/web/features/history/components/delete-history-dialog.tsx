import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

interface DeleteHistoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  pending: boolean;
  onConfirm: () => void;
}

/** docs/product.md §2: delete asks first, with the exact question. */
export function DeleteHistoryDialog({ title, ...dialog }: DeleteHistoryDialogProps) {
  return (
    <ConfirmDialog
      {...dialog}
      title="Are you sure you want to delete this history?"
      description={<>“{title}” and its output will be removed for good. This cannot be undone.</>}
      confirmLabel="Delete"
    />
  );
}
