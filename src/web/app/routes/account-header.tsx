import { Header } from '#web/components/layout/header.tsx';
import { useAuth } from '#web/features/auth/lib/auth-store.ts';

/**
 * The header with the visitor's account and sign-out. It reads the auth state itself, so a change of it
 * re-renders the header alone, not the layout around the page (see public-layout.tsx).
 */
export function AccountHeader() {
  const { state, signOut } = useAuth();
  return <Header account={state} onSignOut={() => void signOut()} />;
}
