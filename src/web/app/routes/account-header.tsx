import { lazy, Suspense } from 'react';
import { Header } from '#web/components/layout/header.tsx';
import { useAuth } from '#web/features/auth/lib/auth-store.ts';

/** Only a signed-in person has a workspace to choose: a visitor's first view does not load it. */
const WorkspaceControl = lazy(async () => ({
  default: (await import('./account-route.tsx')).WorkspaceControl,
}));

/**
 * The header with the visitor's account, workspace and sign-out. It reads the auth state itself, so a
 * change of it re-renders the header alone, not the layout around the page (see public-layout.tsx).
 */
export function AccountHeader() {
  const { state, signOut } = useAuth();
  const user = state.status === 'signed-in' ? state.user : null;
  return (
    <Header
      account={state}
      onSignOut={() => void signOut()}
      renderWorkspace={
        user
          ? (placement, onDone) => (
              <Suspense fallback={null}>
                <WorkspaceControl user={user} placement={placement} onDone={onDone} />
              </Suspense>
            )
          : undefined
      }
    />
  );
}
