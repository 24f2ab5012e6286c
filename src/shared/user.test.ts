import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR, DEFAULT_DISPLAY_NAME, userWithFallbacks } from './user.ts';

describe('userWithFallbacks (docs/product.md §3)', () => {
  it('keeps what the account has', () => {
    expect(
      userWithFallbacks({ uid: 'u1', email: 'a@b.c', name: 'Ada', image: '/p.png', subscription: 'pro' }),
    ).toEqual({ uid: 'u1', email: 'a@b.c', displayName: 'Ada', photoURL: '/p.png', subscription: 'pro' });
  });

  it("falls back to '', 'New User', the default avatar and 'free'", () => {
    expect(userWithFallbacks({ uid: 'u2', name: '   ', image: '' })).toEqual({
      uid: 'u2',
      email: '',
      displayName: DEFAULT_DISPLAY_NAME,
      photoURL: DEFAULT_AVATAR,
      subscription: 'free',
    });
    expect(DEFAULT_DISPLAY_NAME).toBe('New User');
  });
});
