import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { TOOL_COUNT_WORD } from '#shared/tools';
import { authModeFromPath, safeReturnPath } from '#web/features/auth/lib/auth-mode.ts';
import { socialPending } from '#web/features/auth/lib/social-pending.ts';
import { socialSignInErrorMessage } from '#web/features/auth/lib/social-sign-in-error.ts';
import { notify } from '#web/lib/notify.ts';
import { AuthDivider } from './auth-divider.tsx';
import { AUTH_LINK_CLASS, AuthScreenLayout } from './auth-screen-layout.tsx';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
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
    lead: `Create your free account and start with any of the ${TOOL_COUNT_WORD} assistants.`,
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
    <AuthScreenLayout
      title={copy.title}
      lead={copy.lead}
      footer={
        <>
          {copy.switchText}{' '}
          <Link to={copy.switchTo} state={location.state} className={AUTH_LINK_CLASS}>
            {copy.switchLabel}
          </Link>
        </>
      }
    >
      <div className="grid gap-3">
        <SocialSignInButtons mode={mode} returnTo={returnTo} disabled={busy} />
        {mode === 'signin' ? (
          <PasskeySignInButton returnTo={returnTo} disabled={busy} onBusyChange={setBusy} />
        ) : null}
      </div>
      <AuthDivider label={copy.divider} />
      {mode === 'signup' ? (
        <SignUpForm onBusyChange={setBusy} />
      ) : (
        <SignInForm returnTo={returnTo} onBusyChange={setBusy} />
      )}
    </AuthScreenLayout>
  );
}
