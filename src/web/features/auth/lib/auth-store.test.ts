import { describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/user';
import type { AuthSession } from '#web/features/auth/api/auth-client.ts';
import { type AuthStoreDeps, createAuthStore } from './auth-store.ts';

const session = {
  user: { id: 'u1', email: 'ada@example.com', name: 'Ada', image: null },
} as unknown as AuthSession;
const profile: User = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada L.',
  photoURL: '/p.png',
  subscription: 'free',
};

function setup(overrides: Partial<AuthStoreDeps> = {}) {
  const deps: AuthStoreDeps = {
    getSession: vi.fn(async () => session),
    loadUser: vi.fn(async () => profile),
    renewTokenWith: vi.fn(),
    renewToken: vi.fn(async () => 'token'),
    endSession: vi.fn(async () => {}),
    clearToken: vi.fn(),
    retry: (task) => task(),
    ...overrides,
  };
  const store = createAuthStore(deps);
  const states: string[] = [];
  const unsubscribe = store.subscribe(() => states.push(store.getState().status));
  return { store, deps, states, unsubscribe };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('auth store', () => {
  it('starts loading on the first subscriber and settles signed in with the profile', async () => {
    const { store, deps, states } = setup();
    expect(store.getState().status).toBe('loading');
    await settled();
    expect(store.getState()).toEqual({ status: 'signed-in', user: profile });
    expect(states).toEqual(['signed-in']);
    expect(deps.getSession).toHaveBeenCalledTimes(1);
    expect(deps.renewTokenWith).toHaveBeenCalledWith(expect.any(Function));
  });

  it('tells a caller the state once it has settled, waiting while it loads', async () => {
    let answer: (value: AuthSession | null) => void = () => {};
    const { store } = setup({
      getSession: vi.fn(() => new Promise<AuthSession | null>((r) => (answer = r))),
    });
    const waiting = store.settled();
    expect(store.getState().status).toBe('loading');
    answer(session);
    expect((await waiting).status).toBe('signed-in');
    expect((await store.settled()).status).toBe('signed-in');
  });

  it('loads once however many components subscribe', async () => {
    const { store, deps } = setup();
    store.subscribe(() => {});
    store.subscribe(() => {});
    await settled();
    expect(deps.getSession).toHaveBeenCalledTimes(1);
  });

  it('is signed out without a session, loads no profile, and drops the token of the session that ended', async () => {
    const { store, deps } = setup({ getSession: vi.fn(async () => null) });
    await settled();
    expect(store.getState()).toEqual({ status: 'signed-out', user: null });
    expect(deps.loadUser).not.toHaveBeenCalled();
    expect(deps.clearToken).toHaveBeenCalled();
    expect(deps.renewTokenWith).toHaveBeenLastCalledWith(null);
  });

  it('is signed out when the session cannot be read, and logs why', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store, deps } = setup({ getSession: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await settled();
    expect(store.getState().status).toBe('signed-out');
    expect(log).toHaveBeenCalledWith('Could not read the session', expect.any(Error));
    // Not told that the session ended: its token stays for when the server answers again.
    expect(deps.clearToken).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('falls back to the session user when the profile fails (docs/product.md §8 message logged)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { store } = setup({ loadUser: vi.fn(async () => Promise.reject(new Error('500'))) });
    await settled();
    expect(store.getState()).toMatchObject({
      status: 'signed-in',
      user: { uid: 'u1', email: 'ada@example.com' },
      profileFailed: true,
    });
    expect(log).toHaveBeenCalledWith('Error fetching user data', expect.any(Error));
    log.mockRestore();
  });

  it('retries under the given policy', async () => {
    let retried = 0;
    setup({
      retry: (task) => {
        retried++;
        return task();
      },
    });
    await settled();
    expect(retried).toBe(2); // the session, then the profile
  });

  it('renews the token for the signed-in e-mail', async () => {
    const { deps } = setup();
    await settled();
    const renew = vi.mocked(deps.renewTokenWith).mock.calls[0]?.[0];
    await renew?.();
    expect(deps.renewToken).toHaveBeenCalledWith('ada@example.com');
  });

  it('passes a failed renewal on to the token store, which tries it again', async () => {
    const { deps } = setup({ renewToken: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await settled();
    const renew = vi.mocked(deps.renewTokenWith).mock.calls[0]?.[0];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(renew?.()).rejects.toThrow('offline');
  });

  it('refresh re-reads the session (after a sign-in) and resolves once settled', async () => {
    const getSession = vi.fn<AuthStoreDeps['getSession']>().mockResolvedValueOnce(null);
    getSession.mockResolvedValue(session);
    const { store } = setup({ getSession });
    await settled();
    expect(store.getState().status).toBe('signed-out');
    await store.refresh();
    expect(store.getState().status).toBe('signed-in');
  });

  it('reloadUser reads the profile again without going through loading, and keeps it on failure', async () => {
    const used: User = { ...profile, usage: { used: 3, limit: 20, periodEnd: '2026-04-01T00:00:00.000Z' } };
    const loadUser = vi
      .fn<AuthStoreDeps['loadUser']>()
      .mockResolvedValueOnce(profile)
      .mockResolvedValueOnce(used);
    const { store, states } = setup({ loadUser });
    await settled();
    await store.reloadUser();
    expect(store.getState()).toEqual({ status: 'signed-in', user: used });
    expect(states).toEqual(['signed-in', 'signed-in']);
    loadUser.mockRejectedValueOnce(new Error('offline'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await store.reloadUser();
    expect(store.getState()).toEqual({ status: 'signed-in', user: used });
    error.mockRestore();
  });

  it('sign-out ends the session, drops the token and stops renewing', async () => {
    const { store, deps } = setup();
    await settled();
    await store.signOut();
    expect(deps.endSession).toHaveBeenCalled();
    expect(deps.clearToken).toHaveBeenCalled();
    expect(deps.renewTokenWith).toHaveBeenLastCalledWith(null);
    expect(store.getState().status).toBe('signed-out');
  });

  it('a sign-out during a slow load wins over that load', async () => {
    let finish: (value: User) => void = () => {};
    const { store } = setup({ loadUser: () => new Promise((resolve) => (finish = resolve)) });
    await settled();
    await store.signOut();
    finish(profile);
    await settled();
    expect(store.getState().status).toBe('signed-out');
  });

  it('is signed out even when ending the session fails', async () => {
    const { store, deps } = setup({ endSession: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await settled();
    await expect(store.signOut()).rejects.toThrow('offline');
    expect(deps.clearToken).toHaveBeenCalled();
    expect(store.getState().status).toBe('signed-out');
  });
});
