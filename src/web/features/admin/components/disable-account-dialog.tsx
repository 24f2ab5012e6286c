import { Loader2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { Button } from '#web/components/ui/button.tsx';

interface DisableAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
  email: string;
  pending: boolean;
  onConfirm: () => void;
}

/** Disabling an account asks first: it signs the user out at once. */
export function DisableAccountDialog({
  open,
  onOpenChange,
  name,
  email,
  pending,
  onConfirm,
}: DisableAccountDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl data-[state=open]:animate-fade-in">
          <AlertDialog.Title className="font-semibold text-lg">Disable this account?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-muted-foreground text-sm">
            <span className="font-medium text-foreground">{name}</span> ({email}) is signed out everywhere at
            once and cannot sign in until the account is enabled again. Their history and plan are kept.
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
              Disable account
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
