import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Logo } from '#web/components/layout/logo.tsx';
import { ThemeToggle } from '#web/components/layout/theme-toggle.tsx';
import { authModeFromPath, safeReturnPath } from '#web/features/auth/lib/auth-mode.ts';
import { socialPending } from '#web/features/auth/lib/social-pending.ts';
import { socialSignInErrorMessage } from '#web/features/auth/lib/social-sign-in-error.ts';
import { notify } from '#web/lib/notify.ts';
import { AuthDivider } from './auth-divider.tsx';
import { AuthShowcase } from './auth-showcase.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { SocialSignInButtons } from './social-sign-in-buttons.tsx';

const COPY = {
  signin: {
    title: 'Sign In',
    lead: 'Welcome back. Pick up where you left off.',
    divider: 'Or sign in with e-mail',
    switchText: "Don't have an account?",
    switchLabel: 'Sign Up',
    switchTo: '/signup',
  },
  signup: {
    title: 'Sign Up',
    lead: 'Create your free account and start with any of the six assistants.',
    divider: 'Or sign up with e-mail',
    switchText: 'Already have an account?',
    switchLabel: 'Sign In',
    switchTo: '/signin',
  },
} as const;

/** One screen for /signin and /signup; the mode comes from the path (docs/product.md §2). */
export function AuthScreen() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const mode = authModeFromPath(location.pathname);
  const copy = COPY[mode];
  const returnTo = safeReturnPath((location.state as { from?: unknown } | null)?.from);
  const [busy, setBusy] = useState(false);
  const socialError = searchParams.get('error');

  // The provider sent the browser back with ?error=<code> (better-auth's errorCallbackURL). Anyone can
  // write that address, so the toast shows a fixed message per known code, never the text itself.
  useEffect(() => {
    if (!socialError) return;
    console.error('Social sign-in failed:', socialError);
    socialPending.clear();
    notify.error(socialSignInErrorMessage(socialError), {
      id: 'social-sign-in-error',
      description: 'Social sign-in did not complete.',
    });
    setSearchParams(
      (params) => {
        params.delete('error');
        params.delete('error_description');
        return params;
      },
      { replace: true, state: location.state },
    );
  }, [socialError, setSearchParams, location.state]);

  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <AuthShowcase />
      <main className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <Logo className="lg:invisible" />
          <ThemeToggle />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="font-semibold text-3xl tracking-tight">{copy.title}</h1>
          <p className="mt-2 text-muted-foreground">{copy.lead}</p>
          <div className="mt-8 grid gap-6">
            <SocialSignInButtons mode={mode} returnTo={returnTo} disabled={busy} />
            <AuthDivider label={copy.divider} />
            {mode === 'signup' ? (
              <SignUpForm onBusyChange={setBusy} />
            ) : (
              <SignInForm returnTo={returnTo} onBusyChange={setBusy} />
            )}
          </div>
          <p className="mt-8 text-center text-muted-foreground text-sm">
            {copy.switchText}{' '}
            <Link
              to={copy.switchTo}
              state={location.state}
              className="rounded font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {copy.switchLabel}
            </Link>
          </p>
        </div>
      </main>
    </div>
  );
}
