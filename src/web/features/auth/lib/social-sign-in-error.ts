/**
 * What the sign-in screen says when social sign-in sends the browser back with `?error=<code>`. The
 * address is anyone's to write, so only known codes (better-auth's OAuth callback codes and the
 * provider's own, RFC 6749 §4.1.2.1) pick a fixed message; anything else, and `error_description`
 * always, is never shown.
 */
export const GENERIC_SOCIAL_SIGN_IN_ERROR = 'Sign-in failed. Please try again.';

const RESTART = 'The sign-in was interrupted or took too long. Please start again.';
const OUR_SIDE = 'Something went wrong on our side while signing you in. Please try again.';
const PROVIDER_DOWN = 'The sign-in provider is not available right now. Please try again later.';
const NOT_LINKED = 'This sign-in could not be connected to your account.';

const MESSAGES: ReadonlyMap<string, string> = new Map([
  ['access_denied', 'Sign-in was cancelled at the provider.'],
  ['state_mismatch', RESTART],
  ['state_not_found', RESTART],
  ['state_invalid', RESTART],
  ['please_restart_the_process', RESTART],
  ['invalid_callback_request', RESTART],
  ['no_code', RESTART],
  ['invalid_code', RESTART],
  ['oauth_code_verification_failed', RESTART],
  [
    'account_not_linked',
    'An account with this e-mail address already exists. Sign in with your e-mail and password.',
  ],
  ['unable_to_link_account', NOT_LINKED],
  ['email_does_not_match', NOT_LINKED],
  ['account_already_linked_to_different_user', 'This account is already connected to another user.'],
  ['email_not_found', 'The provider did not share your e-mail address. Allow it, or sign up with e-mail.'],
  ['email_not_verified', 'Verify your e-mail address with the provider, then try again.'],
  ['unable_to_get_user_info', 'The provider did not send your profile. Please try again.'],
  ['signup_disabled', 'New accounts cannot be created at the moment.'],
  ['oauth_provider_not_found', 'This sign-in provider is not available.'],
  ['internal_server_error', OUR_SIDE],
  ['state_generation_error', OUR_SIDE],
  ['unable_to_create_user', OUR_SIDE],
  ['unable_to_create_session', OUR_SIDE],
  ['unable_to_update_account', OUR_SIDE],
  [
    'banned_user',
    'This account has been disabled. Contact the administrator of this Draftsmith server if you think this is a mistake.',
  ],
  ['server_error', PROVIDER_DOWN],
  ['temporarily_unavailable', PROVIDER_DOWN],
]);

/** The fixed message for a known code (any letter case); the generic one for anything else. */
export function socialSignInErrorMessage(code: string): string {
  return MESSAGES.get(code.trim().toLowerCase()) ?? GENERIC_SOCIAL_SIGN_IN_ERROR;
}
