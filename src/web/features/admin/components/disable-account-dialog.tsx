import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

interface DisableAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  email: string;
  pending: boolean;
  onConfirm: () => void;
}

/** Disabling an account asks first: it signs the user out at once. */
export function DisableAccountDialog({ name, email, ...dialog }: DisableAccountDialogProps) {
  return (
    <ConfirmDialog
      {...dialog}
      title="Disable this account?"
      description={
        <>
          <span className="font-medium text-foreground">{name}</span> ({email}) is signed out everywhere at
          once and cannot sign in until the account is enabled again. Their history and plan are kept.
        </>
      }
      confirmLabel="Disable account"
    />
  );
}
