import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { authStore } from '#web/features/auth/lib/auth-store.ts';
import { AUTH_LINK_CLASS, AuthScreenLayout } from './auth-screen-layout.tsx';

/** better-auth's reasons a verification link failed (its redirect's `?error=`), in words. */
function failureMessage(code: string): string {
  if (code === 'TOKEN_EXPIRED') return 'This verification link has expired.';
  if (code === 'USER_NOT_FOUND') return 'The account this link was sent for no longer exists.';
  return 'This verification link is not valid. It may have been cut short by your mail program.';
}

/** /verify-email: where the verification link lands (the server has verified the address, or says why not). */
export function VerifyEmailScreen() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');

  // A signed-in user's profile now says verified: the tools' banner goes away.
  useEffect(() => {
    if (!error) void authStore.reloadUser();
  }, [error]);

  if (error) {
    return (
      <AuthScreenLayout
        title="Your address is not verified yet"
        lead="Verification links work for 24 hours."
        footer={
          <Link to="/services" className={AUTH_LINK_CLASS}>
            Go to the assistants
          </Link>
        }
      >
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
          {failureMessage(error)} Sign in and ask for a new link on the banner above the assistants.
        </p>
      </AuthScreenLayout>
    );
  }

  return (
    <AuthScreenLayout title="E-mail address verified" lead="Thank you for confirming your address.">
      <div role="status" className="flex items-center gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
        <CircleCheck className="size-5 shrink-0 text-primary" aria-hidden />
        <p>Your e-mail address is verified. Everything is ready for you.</p>
      </div>
      <Button asChild size="field" className="w-full">
        <Link to="/services">Continue to the assistants</Link>
      </Button>
    </AuthScreenLayout>
  );
}
