import { describe, expect, it } from 'vitest';
import { authModeFromPath, safeReturnPath } from './auth-mode.ts';

describe('authModeFromPath', () => {
  it('selects sign-up only for paths containing signup', () => {
    expect(authModeFromPath('/signup')).toBe('signup');
    expect(authModeFromPath('/signin')).toBe('signin');
    expect(authModeFromPath('/anything')).toBe('signin');
  });
});

describe('safeReturnPath', () => {
  it('keeps a same-site location with its query and hash', () => {
    expect(safeReturnPath({ pathname: '/services/code-explainer', search: '?a=1', hash: '#x' })).toBe(
      '/services/code-explainer?a=1#x',
    );
  });
  it('falls back to home for missing, foreign or auth-screen locations', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath({ pathname: '//evil.example/path' })).toBe('/');
    expect(safeReturnPath({ pathname: 'https://evil.example' })).toBe('/');
    expect(safeReturnPath({ pathname: '/signin' })).toBe('/');
  });
});
