import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';
import {
  type AttemptGuard,
  authCallsGuard,
  credentialGuard,
  emailAccountKey,
  mailGuard,
  sessionAccountKey,
} from '#server/plugins/rate-limit-auth';
import {
  validateCreateApiKey,
  validateDeleteApiKey,
  validateDeletePasskey,
  validateReauthenticate,
  validateUpdateApiKey,
  validateUpdatePasskey,
  validateVerifyPasskeyAuthentication,
  validateVerifyPasskeyRegistration,
} from './api-key-passkey-rules.ts';
import {
  validateChangePassword,
  validateDeleteUser,
  validateInvitation,
  validateLinkSocial,
  validateMailRequest,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
  validateSocialSignIn,
  validateTeamCreate,
  validateTeamUpdate,
  validateUnlinkAccount,
} from './auth-body-rules.ts';

/** What a better-auth endpoint needs before it runs: body rules (400) and a rate-limit guard (429). */
export interface EndpointPolicy {
  validate?: (request: FastifyRequest) => void;
  guard: AttemptGuard;
  /** What a call without a session (better-auth's 401) answers instead of better-auth's own error. */
  withoutSession?: () => AppError;
  /**
   * The product's own error for one of better-auth's answers, or for what it threw (`response` null),
   * or null to pass the answer on (or answer 500 for what was thrown).
   */
  translate?: (response: Response | null, thrown: unknown) => Promise<AppError | null>;
}

const noCurrentUser = () => new AppError('unauthorized:no_current_user', 'No current user');

/**
 * The better-auth endpoints the product offers, each with its checks, keyed by the resolved endpoint
 * (auth-endpoint.ts). Anything else better-auth has (verify-password,
 * change-email, …) answers 404 until a feature needs it and gives it a policy here:
 * an endpoint that checks a password gets a credential guard.
 */
export function authEndpointPolicies(
  app: FastifyInstance,
  /** Other domains' words for some of better-auth's answers, by endpoint (auth.ts AuthExtensions). */
  refusals: Record<string, EndpointPolicy['translate']> = {},
): (key: string) => EndpointPolicy | null {
  const otherCalls: EndpointPolicy = { guard: authCallsGuard(app) };
  // A call with body rules that checks no password.
  const checked = (validate: EndpointPolicy['validate']): EndpointPolicy => ({ ...otherCalls, validate });
  const exact = new Map<string, EndpointPolicy>([
    ['/sign-up/email', { validate: validateSignUp, guard: credentialGuard(app, 'sign-up', emailAccountKey) }],
    ['/sign-in/email', { validate: validateSignIn, guard: credentialGuard(app, 'sign-in', emailAccountKey) }],
    ['/sign-in/social', { validate: (r) => validateSocialSignIn(r, app.config), guard: otherCalls.guard }],
    [
      '/change-password',
      { validate: validateChangePassword, guard: credentialGuard(app, 'change-password', sessionAccountKey) },
    ],
    // The password of an e-mail account, or a fresh session for a social-only one (auth/account-deletion.ts).
    [
      '/delete-user',
      { validate: validateDeleteUser, guard: credentialGuard(app, 'delete-user', sessionAccountKey) },
    ],
    // Name and image rules live in better-auth's database hooks (user-fields.ts), below every endpoint.
    // docs/product.md §5: a profile change with nobody signed in fails with 'No current user'.
    ['/update-user', { ...otherCalls, withoutSession: noCurrentUser }],
    ['/sign-out', otherCalls],
    ['/get-session', otherCalls],
    ['/list-sessions', otherCalls],
    ['/revoke-session', otherCalls],
    ['/revoke-sessions', otherCalls],
    ['/revoke-other-sessions', otherCalls],
    // Sign-in methods (the account page): better-auth itself never unlinks the last one.
    ['/list-accounts', otherCalls],
    ['/link-social', { validate: (r) => validateLinkSocial(r, app.config), guard: otherCalls.guard }],
    ['/unlink-account', { validate: validateUnlinkAccount, guard: otherCalls.guard }],
    // Proving the owner again before adding a credential (credential-plugin.ts): a password attempt.
    [
      '/reauthenticate',
      {
        validate: validateReauthenticate,
        guard: credentialGuard(app, 'reauthenticate', sessionAccountKey),
      },
    ],
    // Personal API keys (auth/api-keys.ts), with the session cookie; verify is the server's own (authenticate.ts).
    ['/api-key/create', checked(validateCreateApiKey)],
    ['/api-key/list', otherCalls],
    ['/api-key/get', otherCalls],
    ['/api-key/update', checked(validateUpdateApiKey)],
    ['/api-key/delete', checked(validateDeleteApiKey)],
    // Passkeys: added by a signed-in user; signing in with one checks a signature, nothing to guess.
    ['/passkey/generate-register-options', otherCalls],
    ['/passkey/verify-registration', checked(validateVerifyPasskeyRegistration)],
    ['/passkey/generate-authenticate-options', otherCalls],
    ['/passkey/verify-authentication', checked(validateVerifyPasskeyAuthentication)],
    ['/passkey/list-user-passkeys', otherCalls],
    ['/passkey/update-passkey', checked(validateUpdatePasskey)],
    ['/passkey/delete-passkey', checked(validateDeletePasskey)],
    // 'Forgot password?' (auth/auth-mails.ts): the same answer whether or not the address has an account;
    // the link opens the web app's /reset-password page, which posts to /reset-password (better-auth's
    // GET /reset-password/:token redirect is not used, so not mounted).
    [
      '/request-password-reset',
      { validate: validateMailRequest, guard: mailGuard(app, 'reset-request', emailAccountKey) },
    ],
    // Hashes a password: the credential calls' per-IP budget (a token is 24 random characters, not guessable).
    [
      '/reset-password',
      { validate: validateResetPassword, guard: credentialGuard(app, 'reset-password', () => null) },
    ],
    [
      '/send-verification-email',
      { validate: validateMailRequest, guard: mailGuard(app, 'verification-email', emailAccountKey) },
    ],
    // The verification link's target: marks the address verified and redirects to the web page.
    ['/verify-email', otherCalls],
    // Teams (better-auth's organization plugin, ADR 0026): its own checks of roles and membership, the
    // usual per-IP budget, and an invitation mail counts as a mail to that address.
    ['/organization/create', checked(validateTeamCreate)],
    ['/organization/update', checked(validateTeamUpdate)],
    ['/organization/set-active', otherCalls],
    ['/organization/list', otherCalls],
    ['/organization/get-full-organization', otherCalls],
    ['/organization/list-members', otherCalls],
    ['/organization/get-active-member', otherCalls],
    [
      '/organization/invite-member',
      { validate: validateInvitation, guard: mailGuard(app, 'invitation', emailAccountKey) },
    ],
    ['/organization/get-invitation', otherCalls],
    ['/organization/list-invitations', otherCalls],
    ['/organization/list-user-invitations', otherCalls],
    // Seats are the database's to enforce: past them, the teams' 409 conflict:seats_full (refusals).
    ['/organization/accept-invitation', otherCalls],
    ['/organization/reject-invitation', otherCalls],
    ['/organization/cancel-invitation', otherCalls],
    ['/organization/remove-member', otherCalls],
    ['/organization/update-member-role', otherCalls],
    ['/organization/leave', otherCalls],
    ['/error', otherCalls],
    ['/ok', otherCalls],
  ]);
  return (key) => {
    const policy = exact.get(key);
    const translate = refusals[key];
    if (policy) return translate ? { ...policy, translate } : policy;
    // The OAuth providers' return: /callback/<provider id>.
    return /^\/callback\/[^/]+$/.test(key) ? otherCalls : null;
  };
}
