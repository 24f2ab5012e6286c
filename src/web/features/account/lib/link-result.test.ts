import { describe, expect, it } from 'vitest';
import { linkResult, providerLabel } from './link-result.ts';

describe('linkResult', () => {
  it('confirms a linked provider', () => {
    expect(linkResult(new URLSearchParams('linked=github'))).toEqual({
      kind: 'success',
      message: 'GitHub linked',
    });
  });

  it('explains better-auth’s callback errors, and any other one generally', () => {
    expect(linkResult(new URLSearchParams('error=email_does_not_match'))?.message).toMatch(
      /another e-mail address/,
    );
    expect(linkResult(new URLSearchParams('error=whatever&linked=github'))).toEqual({
      kind: 'error',
      message: 'The account could not be linked. Please try again.',
    });
  });

  it('says nothing for a plain visit or an unknown provider', () => {
    expect(linkResult(new URLSearchParams(''))).toBeNull();
    expect(linkResult(new URLSearchParams('linked=<script>'))).toBeNull();
  });

  it('names the sign-in methods', () => {
    expect(providerLabel('credential')).toBe('E-mail and password');
    expect(providerLabel('google')).toBe('Google');
  });
});
