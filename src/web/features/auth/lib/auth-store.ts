import { useSyncExternalStore } from 'react';
import { type User, userWithFallbacks } from '#shared/user';
import type { AuthSession } from '#web/features/auth/api/auth-client.ts';
import { getSession } from '#web/features/auth/api/get-session.ts';
import { withRetries } from '#web/lib/retry-policy.ts';
import { tokenStore } from '#web/lib/token-store.ts';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | {
      status: 'signed-in';
      user: User;
      /** The profile call failed: `user` is the session's fallback, and the sidebar says so (docs/product.md §8). */
      profileFailed?: true;
    };

/** What the header can still show when the profile call failed (docs/product.md §3 fallbacks). */
function userFromSession(session: AuthSession): User {
  const { id, email, name, image } = session.user;
  return userWithFallbacks({ uid: id, email, name, image });
}

export interface AuthStoreDeps {
  getSession: () => Promise<AuthSession | null>;
  loadUser: (session: AuthSession) => Promise<User>;
  /** Keeps the bearer token renewed while signed in (null: stop). */
  renewTokenWith: (renew: (() => Promise<unknown>) | null) => void;
  renewToken: (email: string) => Promise<unknown>;
  endSession: () => Promise<void>;
  clearToken: () => void;
  retry: <T>(task: () => Promise<T>) => Promise<T>;
}

const LOADING: AuthState = { status: 'loading', user: null };
const SIGNED_OUT: AuthState = { status: 'signed-out', user: null };

/**
 * docs/product.md §4 auth states: loading, then signed in (session + token + profile) or signed out. A small store
 * outside the query cache, and the one source of the signed-in user (header, sidebar, tools): the
 * public pages need only this, and the header renders before it settles.
 * Loading starts with the first subscriber; `refresh` re-reads the session after a sign-in.
 */
export function createAuthStore(deps: AuthStoreDeps) {
  let state: AuthState = LOADING;
  let started = false;
  /** Bumped by every refresh and sign-out, so a slower earlier load cannot overwrite a newer state. */
  let generation = 0;
  /** The session the signed-in user was loaded from, to read their profile again. */
  let signedInSession: AuthSession | null = null;
  const listeners = new Set<() => void>();

  function set(next: AuthState) {
    state = next;
    for (const listener of listeners) listener();
  }

  async function load(run: number): Promise<void> {
    let session: AuthSession | null;
    let answered = true;
    try {
      session = await deps.retry(deps.getSession);
    } catch (error) {
      console.error('Could not read the session', error);
      session = null;
      answered = false;
    }
    if (run !== generation) return;
    if (!session) {
      deps.renewTokenWith(null);
      // The server says there is no session (signed out elsewhere, or ended by a password reset): a token
      // minted for it is over too. Kept when the server could not be asked.
      if (answered) deps.clearToken();
      return set(SIGNED_OUT);
    }
    const { email } = session.user;
    // Logged, then rethrown: the token store tries a failed renewal again, backing off.
    deps.renewTokenWith(() =>
      deps.renewToken(email).catch((error: unknown) => {
        console.error('Failed to renew the access token', error);
        throw error;
      }),
    );
    const current = session;
    let profileFailed = false;
    const user = await deps
      .retry(() => deps.loadUser(current))
      .catch((error: unknown) => {
        console.error('Error fetching user data', error);
        profileFailed = true;
        return userFromSession(current);
      });
    if (run !== generation) return;
    signedInSession = current;
    set(profileFailed ? { status: 'signed-in', user, profileFailed: true } : { status: 'signed-in', user });
  }

  /**
   * Reads the signed-in user's profile again (their plan usage after a generation, say) without going
   * through loading; a failure is logged and leaves the user as it was.
   */
  async function reloadUser(): Promise<void> {
    const session = signedInSession;
    if (state.status !== 'signed-in' || !session) return;
    const run = generation;
    try {
      const user = await deps.loadUser(session);
      if (run === generation && state.status === 'signed-in') set({ status: 'signed-in', user });
    } catch (error) {
      console.error('Could not reload the user', error);
    }
  }

  /** Reads the session again (after a sign-in); resolves once the state has settled. */
  function refresh(): Promise<void> {
    started = true;
    return load(++generation);
  }

  async function signOut(): Promise<void> {
    generation++;
    signedInSession = null;
    try {
      await deps.endSession();
    } finally {
      deps.renewTokenWith(null);
      deps.clearToken();
      set(SIGNED_OUT);
    }
  }

  /** The state once it is no longer loading (at once when it is not). */
  function settled(): Promise<AuthState> {
    if (state.status !== 'loading' && started) return Promise.resolve(state);
    return new Promise((resolve) => {
      const unsubscribe = subscribe(() => {
        if (state.status === 'loading') return;
        unsubscribe();
        resolve(state);
      });
    });
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    if (!started) void refresh();
    return () => listeners.delete(listener);
  }

  return { getState: () => state, subscribe, settled, refresh, reloadUser, signOut };
}

// What only a signed-in user needs loads on demand: a visitor's first view fetches the session and stops.
const signedInModule = () => import('#web/features/auth/api/load-signed-in-user.ts');

export const authStore = createAuthStore({
  getSession,
  loadUser: async (session) => (await signedInModule()).loadSignedInUser(session),
  renewTokenWith: tokenStore.onRenew,
  renewToken: async (email) =>
    (await import('#web/features/auth/api/create-access-token.ts')).createAccessToken(email),
  async endSession() {
    // Loaded on demand: the better-auth client is only needed to sign in or out.
    const { authClient } = await import('#web/features/auth/api/auth-client.ts');
    await authClient.signOut();
  },
  clearToken: tokenStore.clear,
  retry: withRetries,
});

const serverState = () => LOADING;

/** The auth state (loading while a prerendered page hydrates) and sign-out. */
export function useAuth() {
  const state = useSyncExternalStore(authStore.subscribe, authStore.getState, serverState);
  return { state, signOut: authStore.signOut };
}
