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

  function start(provider: SocialProvider) {
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
      {PROVIDERS.map(({ id, label, Icon }) => {
        // Shown whether or not it is set up (docs/product.md asks for both), but only usable when it is.
        const unavailable = config.data !== undefined && !config.data.socialProviders[id];
        const noteId = `social-${id}-unavailable`;
        return (
          <div key={id} className="grid gap-1">
            <Button
              type="button"
              variant="outline"
              size="field-sm"
              className="w-full"
              disabled={disabled || busy || config.isPending || unavailable}
              aria-describedby={unavailable ? noteId : undefined}
              onClick={() => start(id)}
            >
              {redirecting === id ? (
                <Loader2 className="size-4 animate-spin" aria-hidden />
              ) : (
                <Icon className="size-4" />
              )}
              {`${verb} with ${label}`}
            </Button>
            {unavailable ? (
              <p id={noteId} className="text-center text-muted-foreground text-xs">
                Not set up on this server
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
