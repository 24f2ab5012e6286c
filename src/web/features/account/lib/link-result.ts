/** What /account?linked=… or ?error=… (the return from linking a provider) tells the user, if anything. */
export type LinkResult = { kind: 'success' | 'error'; message: string } | null;

const PROVIDER_LABELS: Record<string, string> = { google: 'Google', github: 'GitHub' };

/** better-auth's callback error codes (its OAuth callback), in the product's words. */
const LINK_ERRORS: Record<string, string> = {
  email_does_not_match:
    'That account uses another e-mail address. Sign in to the provider with the address of this account, then link again.',
  account_already_linked_to_different_user: 'That account is already linked to another Draftsmith account.',
  unable_to_link_account: 'The account could not be linked. Sign in again, then try once more.',
  email_not_verified: 'The provider has not verified the e-mail address of that account.',
  access_denied: 'Linking was cancelled.',
};

export function linkResult(params: URLSearchParams): LinkResult {
  const error = params.get('error');
  if (error) {
    return {
      kind: 'error',
      message: LINK_ERRORS[error] ?? 'The account could not be linked. Please try again.',
    };
  }
  const linked = params.get('linked');
  if (linked && PROVIDER_LABELS[linked])
    return { kind: 'success', message: `${PROVIDER_LABELS[linked]} linked` };
  return null;
}

export function providerLabel(providerId: string): string {
  return providerId === 'credential' ? 'E-mail and password' : (PROVIDER_LABELS[providerId] ?? providerId);
}
