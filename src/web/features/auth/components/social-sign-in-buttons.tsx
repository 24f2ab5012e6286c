import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { GithubIcon, GoogleIcon } from '#web/components/icons/brand-icons.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { type SocialProvider, useAuthConfig } from '#web/features/auth/api/get-auth-config.ts';
import { useSignInWithSocial } from '#web/features/auth/api/sign-in-with-social.ts';
import type { AuthMode } from '#web/features/auth/lib/auth-mode.ts';
import { notifyReadableAuthError } from '#web/features/auth/lib/notify-auth-error.ts';
import { notify } from '#web/lib/notify.ts';

const PROVIDERS: { id: SocialProvider; label: string; Icon: typeof GoogleIcon }[] = [
  { id: 'google', label: 'Google', Icon: GoogleIcon },
  { id: 'github', label: 'GitHub', Icon: GithubIcon },
];

interface SocialSignInButtonsProps {
  mode: AuthMode;
  /** The page to come back to after the provider (docs/product.md §2). */
  returnTo: string;
  disabled?: boolean;
}

export function SocialSignInButtons({ mode, returnTo, disabled }: SocialSignInButtonsProps) {
  const config = useAuthConfig();
  const socialSignIn = useSignInWithSocial();
  const [redirecting, setRedirecting] = useState<SocialProvider | null>(null);
  const busy = socialSignIn.isPending || redirecting !== null;
  const verb = mode === 'signup' ? 'Sign up' : 'Sign in';

  function start(provider: SocialProvider, label: string) {
    if (config.data && !config.data.socialProviders[provider]) {
      notify.error(`${label} sign-in is not configured on this server`, {
        description: 'Ask the administrator to set its client id and secret, or use e-mail instead.',
      });
      return;
    }
    setRedirecting(provider);
    socialSignIn.mutate(
      { provider, callbackURL: returnTo },
      {
        onError: (error) => {
          setRedirecting(null);
          console.error(error);
          if (!notifyReadableAuthError(error)) notify.error(error.message);
        },
      },
    );
  }

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {PROVIDERS.map(({ id, label, Icon }) => (
        <Button
          key={id}
          type="button"
          variant="outline"
          size="field-sm"
          className="w-full"
          disabled={disabled || busy || config.isPending}
          onClick={() => start(id, label)}
        >
          {redirecting === id ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Icon className="size-4" />
          )}
          {`${verb} with ${label}`}
        </Button>
      ))}
    </div>
  );
}
