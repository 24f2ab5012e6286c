import { useLocation } from 'react-router';
import { QueryProvider } from '#web/app/query-provider.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { AuthScreen } from '#web/features/auth/components/auth-screen.tsx';
import { authModeFromPath } from '#web/features/auth/lib/auth-mode.ts';

export function AuthRoute() {
  const signUp = authModeFromPath(useLocation().pathname) === 'signup';
  return (
    <QueryProvider>
      <PageMeta
        title={signUp ? 'Sign Up' : 'Sign In'}
        description={
          signUp
            ? 'Create your Draftsmith account with e-mail, Google or GitHub.'
            : 'Sign in to Draftsmith with e-mail, Google or GitHub.'
        }
      />
      <AuthScreen />
    </QueryProvider>
  );
}
