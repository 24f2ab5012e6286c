import { Download, Loader2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '#shared/user';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { useSignInMethods } from '#web/features/account/api/sign-in-methods.ts';
import { authClient, authErrorCode, authErrorMessage } from '#web/lib/auth-client.ts';
import { notify } from '#web/lib/notify.ts';
import { useApiDownload } from '#web/lib/use-api-download.ts';

export interface DataSectionProps {
  /** The signed-in user (the auth store's). */
  user: User;
  /** Ends the local session once the account is gone (the auth store's sign-out); errors are ignored. */
  onAccountDeleted: () => Promise<void> | void;
}

const PASSWORD_ID = 'delete-account-password';

/**
 * 'Your data' on /account: download everything as one archive (GET /api/users/:uid/export), and delete
 * the account (better-auth's delete-user): with the password for an e-mail account, else with a
 * recent sign-in at the provider. Afterwards the local session ends and the user lands on /.
 */
export function DataSection({ user, onAccountDeleted }: DataSectionProps) {
  const navigate = useNavigate();
  const { busy: downloading, download } = useApiDownload();
  const methods = useSignInMethods();
  // Until the methods are known the password is asked for: every account made here by e-mail has one.
  const hasPassword = methods.data ? methods.data.some((m) => m.providerId === 'credential') : true;
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const exportName = `draftsmith-export-${new Date().toISOString().slice(0, 10)}.tar.gz`;

  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      setPassword('');
      setError(undefined);
    }
  }

  async function deleteAccount() {
    if (hasPassword && !password) {
      setError('Enter your password to delete your account.');
      return;
    }
    setPending(true);
    setError(undefined);
    const result = await authClient
      .deleteUser(hasPassword ? { password } : {})
      .catch((thrown: unknown) => ({ error: thrown }));
    if (result.error) {
      setPending(false);
      const code = authErrorCode(result.error);
      if (code === 'bad_request:session_expired') {
        setError('For your safety, sign out and sign in again with your provider, then delete the account.');
      } else if (code === 'bad_request:invalid_password') {
        setError('That password is not correct.');
      } else {
        setError(authErrorMessage(result.error, 'The account could not be deleted. Please try again.'));
      }
      return;
    }
    try {
      await onAccountDeleted();
    } catch (signOutError) {
      console.error('Could not end the local session', signOutError);
    }
    setPending(false);
    setOpen(false);
    notify.success('Your account has been deleted.', {
      description: 'Your chats, files and sessions are gone.',
    });
    navigate('/', { replace: true });
  }

  return (
    <SectionCard
      id="data"
      title="Your data"
      description="Download everything Draftsmith keeps about you, or delete your account."
      icon={Download}
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground text-sm">
            One archive with your profile, every chat of every tool (Markdown and JSON) and the files you
            uploaded.
          </p>
          <Button
            variant="outline"
            className="shrink-0 whitespace-nowrap"
            disabled={downloading}
            onClick={() => download(`/api/users/${user.uid}/export`, exportName, 'your data')}
          >
            {downloading ? (
              <Loader2 className="size-4 animate-spin" aria-hidden />
            ) : (
              <Download className="size-4" aria-hidden />
            )}
            Download my data
          </Button>
        </div>
        <div className="flex flex-col gap-3 border-border border-t pt-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground text-sm">
            Deleting your account removes your profile, history, uploads and sessions for good.
          </p>
          <Button
            variant="destructive"
            className="shrink-0 whitespace-nowrap"
            onClick={() => changeOpen(true)}
          >
            <Trash2 className="size-4" aria-hidden />
            Delete account
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!pending) changeOpen(next);
        }}
        title="Delete your account?"
        description="Your profile, every chat, your uploaded files and your sessions are deleted at once. This cannot be undone; download your data first if you want to keep it."
        confirmLabel="Delete account"
        pending={pending}
        onConfirm={() => void deleteAccount()}
      >
        {hasPassword ? (
          <FormField id={PASSWORD_ID} label="Password" error={error}>
            <PasswordInput
              id={PASSWORD_ID}
              autoComplete="current-password"
              value={password}
              disabled={pending}
              onChange={(event) => setPassword(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void deleteAccount();
                }
              }}
              {...fieldAria(PASSWORD_ID, error)}
            />
          </FormField>
        ) : (
          <div className="grid gap-2 text-sm">
            <p className="text-muted-foreground">
              Your account signs in with a provider, so it asks for a recent sign-in instead of a password. If
              you signed in more than a day ago, sign out and sign in again with your provider first.
            </p>
            {error ? (
              <p role="alert" className="text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        )}
      </ConfirmDialog>
    </SectionCard>
  );
}
