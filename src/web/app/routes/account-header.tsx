import { Header } from '@/components/layout/header';
import { useAuth } from '@/features/auth/lib/auth-store';

/**
 * The header with the visitor's account and sign-out. It reads the auth state itself, so a change of it
 * re-renders the header alone, not the layout around the page (see public-layout.tsx).
 */
export function AccountHeader() {
  const { state, signOut } = useAuth();
  return <Header account={state} onSignOut={() => void signOut()} />;
}
