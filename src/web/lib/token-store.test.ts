import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '#shared/storage-keys';
import {
  createTokenStore,
  msUntilRenewal,
  RENEWAL_MARGIN_MS,
  readTokenExpiry,
  readTokenSubject,
  readTokenWorkspace,
  renewalRetryDelay,
} from './token-store.ts';

function fakeJwt(expSeconds: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', exp: expSeconds })}.signature`;
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('msUntilRenewal', () => {
  it('is due five minutes before expiry', () => {
    expect(msUntilRenewal(1_000_000 + RENEWAL_MARGIN_MS + 42, 1_000_000)).toBe(42);
  });
  it('never goes negative', () => {
    expect(msUntilRenewal(1_000, 5_000_000)).toBe(0);
  });
});

describe('renewalRetryDelay', () => {
  it('waits 30 s, then doubles up to 16 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => renewalRetryDelay(n) / 1000)).toEqual([
      30, 60, 120, 240, 480, 960, 960, 960,
    ]);
  });
});

describe('readTokenExpiry', () => {
  it('reads exp in milliseconds', () => {
    expect(readTokenExpiry(fakeJwt(1_700_000_000))).toBe(1_700_000_000_000);
  });
  it('reads the subject', () => {
    expect(readTokenSubject(fakeJwt(1))).toBe('u1');
    expect(readTokenSubject('x.y')).toBeNull();
  });
  it('reads the team workspace, null for the personal one', () => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(readTokenWorkspace(`${part({})}.${part({ sub: 'u1', org: 'team-1' })}.s`)).toBe('team-1');
    expect(readTokenWorkspace(fakeJwt(1))).toBeNull();
    expect(readTokenWorkspace('garbage')).toBeNull();
  });
  it('returns null for garbage', () => {
    expect(readTokenExpiry('not-a-token')).toBeNull();
    expect(readTokenExpiry('a.%%%.c')).toBeNull();
  });
});

describe('token store', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('stores the token under access-token and clears it', () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage: () => storage });
    store.set(fakeJwt(900));
    expect(storage.map.get(ACCESS_TOKEN_KEY)).toBe(fakeJwt(900));
    expect(store.get()).toBe(fakeJwt(900));
    store.clear();
    expect(store.get()).toBeNull();
  });

  it('renews exactly five minutes before expiry', () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage: () => storage });
    const renew = vi.fn(async () => {});
    store.onRenew(renew);
    store.set(fakeJwt(15 * 60)); // expires at 15 minutes
    vi.advanceTimersByTime(10 * 60 * 1000 - 1);
    expect(renew).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('schedules for a token already stored when a renewer registers', () => {
    const storage = memoryStorage();
    storage.setItem(ACCESS_TOKEN_KEY, fakeJwt(6 * 60));
    const store = createTokenStore({ storage: () => storage });
    const renew = vi.fn(async () => {});
    store.onRenew(renew);
    vi.advanceTimersByTime(60 * 1000);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('tries a failed renewal again after 30 s, 1 min, 2 min…, and stops backing off once one works', async () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage: () => storage });
    store.set(fakeJwt(900)); // renewal due at 600 s
    let fail = true;
    const renew = vi.fn(async () => {
      if (fail) throw new Error('offline');
      store.set(fakeJwt(1800 + Math.floor(Date.now() / 1000)));
    });
    store.onRenew(renew);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(renew).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(renew).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).toHaveBeenCalledTimes(3);
    fail = false;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(renew).toHaveBeenCalledTimes(4);
    // The new token renews on its own schedule, 5 minutes before it expires.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(renew).toHaveBeenCalledTimes(4);
  });

  it('stops trying again once unregistered', async () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage: () => storage });
    store.set(fakeJwt(400));
    const renew = vi.fn(async () => {
      throw new Error('offline');
    });
    store.onRenew(renew);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(renew).toHaveBeenCalledTimes(1);
    store.onRenew(null);
    await vi.advanceTimersByTimeAsync(20 * 60_000);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('stops renewing after clear or unregister', () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage: () => storage });
    const renew = vi.fn(async () => {});
    store.onRenew(renew);
    store.set(fakeJwt(15 * 60));
    store.clear();
    vi.advanceTimersByTime(20 * 60 * 1000);
    store.set(fakeJwt(30 * 60));
    store.onRenew(null);
    vi.advanceTimersByTime(30 * 60 * 1000);
    expect(renew).not.toHaveBeenCalled();
  });

  it('reports freshness against the renewal margin and the owner', () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage: () => storage });
    expect(store.isFreshFor('u1')).toBe(false);
    store.set(fakeJwt(15 * 60));
    expect(store.isFreshFor('u1')).toBe(true);
    expect(store.isFreshFor('someone-else')).toBe(false);
    vi.setSystemTime(10 * 60 * 1000);
    expect(store.isFreshFor('u1')).toBe(false);
  });

  it('makes a request wait for one shared renewal when the token is inside the margin', async () => {
    const storage = memoryStorage();
    const store = createTokenStore({ storage: () => storage });
    store.set(fakeJwt(15 * 60));
    let finish = () => {};
    const renew = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            store.set(fakeJwt(40 * 60));
            resolve();
          };
        }),
    );
    store.onRenew(renew);
    await store.ensureFresh();
    expect(renew).not.toHaveBeenCalled();

    vi.setSystemTime(11 * 60 * 1000); // the timer has not run yet (as after a sleep)
    const first = store.ensureFresh();
    const second = store.ensureFresh();
    expect(renew).toHaveBeenCalledTimes(1);
    finish();
    await Promise.all([first, second]);
    expect(store.isFreshFor('u1')).toBe(true);
  });
});
