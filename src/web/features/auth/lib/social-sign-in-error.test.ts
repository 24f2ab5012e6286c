import { describe, expect, it } from 'vitest';
import { GENERIC_SOCIAL_SIGN_IN_ERROR, socialSignInErrorMessage } from './social-sign-in-error.ts';

describe('socialSignInErrorMessage', () => {
  it('gives known codes their fixed message, in any letter case', () => {
    expect(socialSignInErrorMessage('access_denied')).toBe('Sign-in was cancelled at the provider.');
    expect(socialSignInErrorMessage('state_mismatch')).toMatch(/^The sign-in was interrupted/);
    expect(socialSignInErrorMessage('ACCOUNT_NOT_LINKED')).toMatch(/already exists/);
    expect(socialSignInErrorMessage('signup_disabled')).toBe('New accounts cannot be created at the moment.');
    // better-auth's admin plugin, for an account an administrator disabled.
    expect(socialSignInErrorMessage('BANNED_USER')).toMatch(/^This account has been disabled\./);
  });

  it('never shows unknown text, whatever it looks like', () => {
    for (const text of [
      '<script>Your account is locked, call 555</script>',
      'Your account is locked, call 555',
      'constructor',
      '__proto__',
      'toString',
      'access_denied extra',
      '',
    ]) {
      expect(socialSignInErrorMessage(text)).toBe(GENERIC_SOCIAL_SIGN_IN_ERROR);
    }
    expect(GENERIC_SOCIAL_SIGN_IN_ERROR).toBe('Sign-in failed. Please try again.');
  });
});
