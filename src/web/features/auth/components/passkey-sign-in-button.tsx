import { KeyRound, Loader2 } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { AuthFlowError, disabledAccountMessage } from '#web/features/auth/api/auth-flow-error.ts';
import { useSignInWithPasskey } from '#web/features/auth/api/sign-in-with-passkey.ts';
import { notifyReadableAuthError } from '#web/features/auth/lib/notify-auth-error.ts';
import { notify } from '#web/lib/notify.ts';

interface PasskeySignInButtonProps {
  returnTo: string;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

const noSubscription = () => () => {};
/** Browsers without WebAuthn (or a page outside a secure context: http on another host than localhost) have none. */
const passkeysAvailable = () => typeof window.PublicKeyCredential === 'function';

/** What a failed passkey sign-in says: the server's refusal, else that the prompt ended without one. */
function passkeyErrorMessage(error: unknown): string {
  if (error instanceof AuthFlowError && error.status !== undefined && error.status !== 400) {
    if (error.code === 'unauthorized:passkey_not_found') {
      return 'This passkey is not registered on this server. Sign in another way, then add it on your account page.';
    }
    return error.message;
  }
  return 'Passkey sign-in was cancelled or no passkey was found for this site.';
}

/** 'Sign in with a passkey' on the sign-in screen: the browser's passkey prompt, then the app. */
export function PasskeySignInButton({ returnTo, disabled, onBusyChange }: PasskeySignInButtonProps) {
  const navigate = useNavigate();
  const signIn = useSignInWithPasskey();
  const available = useSyncExternalStore(noSubscription, passkeysAvailable, () => false);
  if (!available) return null;

  function start() {
    onBusyChange?.(true);
    signIn.mutate(undefined, {
      onSuccess: () => navigate(returnTo, { replace: true }),
      onError: (error) => {
        console.error('Passkey sign-in failed', error);
        if (notifyReadableAuthError(error)) return;
        notify.error(disabledAccountMessage(error) ?? passkeyErrorMessage(error));
      },
      onSettled: () => onBusyChange?.(false),
    });
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="field-sm"
      className="w-full"
      disabled={disabled || signIn.isPending}
      onClick={start}
    >
      {signIn.isPending ? (
        <Loader2 className="size-4 animate-spin" aria-hidden />
      ) : (
        <KeyRound className="size-4" aria-hidden />
      )}
      Sign in with a passkey
    </Button>
  );
}
