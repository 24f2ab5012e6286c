import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, use, useCallback, useEffect, useMemo } from 'react';
import { tokenStore } from '@/lib/token-store';
import type { User } from '../../../../shared/user.ts';
import { createAccessToken } from '../api/create-access-token';
import { sessionQueryKey, useSession } from '../api/get-session';
import { loadSignedInUser, signedInUserQueryKey, userFromSession } from '../api/load-signed-in-user';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: User };

export interface AuthContextValue {
  state: AuthState;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Spec §4 auth states: loading, then signed in (session + token + profile) or signed out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const current = session.data ?? null;
  const email = current?.user.email;

  const user = useQuery({
    queryKey: signedInUserQueryKey(current?.user.id),
    queryFn: () => loadSignedInUser(current!),
    enabled: current !== null,
    staleTime: 60_000,
  });

  useEffect(() => {
    if (!email) return;
    tokenStore.onRenew(() =>
      createAccessToken(email).catch((error: unknown) =>
        console.error('Failed to renew the access token', error),
      ),
    );
    return () => tokenStore.onRenew(null);
  }, [email]);

  useEffect(() => {
    if (user.error) console.error('Error fetching user data', user.error);
  }, [user.error]);

  const signOut = useCallback(async () => {
    try {
      // Loaded on demand: the better-auth client is only needed to sign in or out.
      const { authClient } = await import('../api/auth-client');
      await authClient.signOut();
    } finally {
      tokenStore.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ queryKey: ['auth', 'user'] });
    }
  }, [queryClient]);

  const state = useMemo<AuthState>(() => {
    if (session.isPending) return { status: 'loading', user: null };
    if (!current) return { status: 'signed-out', user: null };
    if (user.data) return { status: 'signed-in', user: user.data };
    if (user.isError) return { status: 'signed-in', user: userFromSession(current) };
    return { status: 'loading', user: null };
  }, [session.isPending, current, user.data, user.isError]);

  const value = useMemo(() => ({ state, signOut }), [state, signOut]);
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
