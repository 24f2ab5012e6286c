import { Fingerprint, Loader2, ShieldCheck } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, useCallback, useRef, useState, useSyncExternalStore } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { PasswordInput } from '#web/components/ui/password-input.tsx';
import { usePasskeys } from '#web/features/account/api/list-passkeys.ts';
import {
  isReauthRequired,
  reauthenticateWithPasskey,
  reauthenticateWithPassword,
} from '#web/features/account/api/reauthenticate.ts';
import { useSignInMethods } from '#web/features/account/api/sign-in-methods.ts';
import {
  ReauthenticationContext,
  type WithReauthentication,
} from '#web/features/account/hooks/use-reauthentication.ts';
import { AuthCallError, readableError } from '#web/lib/auth-call.ts';

const noSubscription = () => () => {};
const passkeysAvailable = () => typeof window.PublicKeyCredential === 'function';

interface Waiting {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What the action that asked for a confirmation answers when the person cancels it. */
export const CONFIRMATION_CANCELLED = 'Not done: confirm it’s you with your password or a passkey to go on.';

/**
 * The account page's "Confirm it's you" (SECURITY.md: adding a long-lived credential needs a fresh
 * sign-in). An action wrapped by useReauthentication that the server refuses with
 * `forbidden:reauth_required` opens this dialog; once the password (or one of the account's passkeys)
 * is confirmed, the same action runs again, so the person goes on where they were.
 */
export function ReauthenticationProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const waiting = useRef<Waiting | null>(null);

  const withReauthentication = useCallback<WithReauthentication>(async (action) => {
    try {
      return await action();
    } catch (error) {
      if (!isReauthRequired(error)) throw error;
    }
    // One confirmation at a time: a second action waits for the same answer.
    await new Promise<void>((resolve, reject) => {
      const earlier = waiting.current;
      waiting.current = {
        resolve: () => {
          earlier?.resolve();
          resolve();
        },
        reject: (error) => {
          earlier?.reject(error);
          reject(error);
        },
      };
      setOpen(true);
    });
    return action();
  }, []);

  function settle(confirmed: boolean) {
    const pending = waiting.current;
    waiting.current = null;
    setOpen(false);
    if (confirmed) pending?.resolve();
    else pending?.reject(new AuthCallError(CONFIRMATION_CANCELLED, 'cancelled:reauth', undefined));
  }

  return (
    <ReauthenticationContext.Provider value={withReauthentication}>
      {children}
      <ReauthenticateDialog open={open} onConfirmed={() => settle(true)} onCancel={() => settle(false)} />
    </ReauthenticationContext.Provider>
  );
}

function ReauthenticateDialog({
  open,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const methods = useSignInMethods();
  const passkeys = usePasskeys();
  const browserHasPasskeys = useSyncExternalStore(noSubscription, passkeysAvailable, () => false);
  const hasPassword = methods.data ? methods.data.some((m) => m.providerId === 'credential') : true;
  const canUsePasskey = browserHasPasskeys && (passkeys.data?.length ?? 0) > 0;
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [pending, setPending] = useState<'password' | 'passkey' | null>(null);

  function reset() {
    setPassword('');
    setFieldError(undefined);
    setFormError(undefined);
  }

  async function confirm(how: 'password' | 'passkey') {
    setFormError(undefined);
    setPending(how);
    try {
      if (how === 'password') await reauthenticateWithPassword(password);
      else await reauthenticateWithPasskey();
      reset();
      onConfirmed();
    } catch (error) {
      setFormError(readableError(error, 'Could not confirm it’s you. Please try again.'));
    } finally {
      setPending(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setFieldError('Enter your password.');
      return;
    }
    setFieldError(undefined);
    void confirm('password');
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next || pending) return;
        reset();
        onCancel();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl data-[state=open]:animate-fade-in">
          <Dialog.Title className="flex items-center gap-2 font-semibold text-lg">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            Confirm it’s you
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-muted-foreground text-sm">
            You signed in a while ago. Changing the ways into your account needs a recent sign-in, so that
            someone at an unlocked computer cannot keep a way in, or take yours away.
          </Dialog.Description>
          <div className="mt-5 grid gap-4">
            {hasPassword ? (
              <form
                className="grid gap-4"
                onSubmit={submit}
                noValidate
                aria-label="Confirm with your password"
              >
                <FormField id="reauth-password" label="Password" error={fieldError}>
                  <PasswordInput
                    id="reauth-password"
                    value={password}
                    autoComplete="current-password"
                    autoFocus
                    disabled={pending !== null}
                    onChange={(event) => setPassword(event.target.value)}
                    {...fieldAria('reauth-password', fieldError)}
                  />
                </FormField>
                <Button type="submit" disabled={pending !== null}>
                  {pending === 'password' ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
                  Confirm
                </Button>
              </form>
            ) : null}
            {canUsePasskey ? (
              <Button
                type="button"
                variant={hasPassword ? 'outline' : 'primary'}
                disabled={pending !== null}
                onClick={() => void confirm('passkey')}
              >
                {pending === 'passkey' ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                ) : (
                  <Fingerprint className="size-4" aria-hidden />
                )}
                Use a passkey
              </Button>
            ) : null}
            {!hasPassword && !canUsePasskey ? (
              <p className="text-muted-foreground text-sm">
                Sign out, then sign in again with Google or GitHub; then try again.
              </p>
            ) : null}
            <FormAlert message={formError} />
            <Dialog.Close asChild>
              <Button type="button" variant="ghost" disabled={pending !== null}>
                Cancel
              </Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
