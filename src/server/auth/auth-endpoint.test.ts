import { describe, expect, it } from 'vitest';
import { resolveAuthEndpoint } from './auth-endpoint.ts';

const base = 'http://localhost:3000';

describe('resolveAuthEndpoint', () => {
  it.each([
    '/api/auth/sign-in/email',
    '/api/auth/sign-in/email/',
    '/api/auth//sign-in//email',
    '/api/auth/x/../sign-in/email',
    '/api/auth/x/%2e%2e/sign-in/email',
    '/api/auth/x/%2E%2E/sign-in/email',
    '/api/auth/./sign-in/./email',
    '/api/auth/%2e/sign-in/email',
    '/api/auth\\sign-in\\email',
    '/api/auth/x\\..\\sign-in/email',
    '/api/auth/SIGN-IN/Email',
    '/api/auth/sign-in/email?x=1',
    '/api/auth/sign-in/email#frag',
  ])('resolves %s to the sign-in endpoint', (raw) => {
    expect(resolveAuthEndpoint(raw, base)?.key).toBe('/sign-in/email');
  });

  it('forwards the resolved URL, not the spelling', () => {
    expect(resolveAuthEndpoint('/api/auth/x/%2e%2e/sign-up/email', base)?.url.pathname).toBe(
      '/api/auth/sign-up/email',
    );
  });

  it.each([
    '/api/auth/../users/me',
    '/api/auth/%2e%2e/jwt',
    '/api/auth',
    '//evil.example/api/auth/sign-in/email',
  ])('refuses %s, which leaves the auth endpoints', (raw) => {
    expect(resolveAuthEndpoint(raw, base)).toBeNull();
  });

  it('decodes percent-encoded letters for the policy key (better-auth itself answers 404 to them)', () => {
    const endpoint = resolveAuthEndpoint('/api/auth/sign-in/%65mail', base);
    expect(endpoint?.key).toBe('/sign-in/email');
    expect(endpoint?.url.pathname).toBe('/api/auth/sign-in/%65mail');
  });
});
