import { useLocation } from 'react-router';
import { PageMeta } from '@/components/page-meta';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { authModeFromPath } from '@/features/auth/lib/auth-mode';
import { QueryProvider } from '../query-provider';

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
