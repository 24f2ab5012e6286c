import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AttemptGuard,
  authCallsGuard,
  credentialGuard,
  emailAccountKey,
  sessionAccountKey,
} from '#server/plugins/rate-limit-auth';
import {
  validateChangePassword,
  validateSignIn,
  validateSignUp,
  validateSocialSignIn,
} from './auth-body-rules.ts';

/** What a better-auth endpoint needs before it runs: body rules (400) and a rate-limit guard (429). */
export interface EndpointPolicy {
  validate?: (request: FastifyRequest) => void;
  guard: AttemptGuard;
}

/**
 * The better-auth endpoints the product offers, each with its checks, keyed by the resolved endpoint
 * (auth-endpoint.ts). Anything else better-auth has (verify-password, delete-user, link-social,
 * change-email, password reset, …) answers 404 until a feature needs it and gives it a policy here:
 * an endpoint that checks a password gets a credential guard.
 */
export function authEndpointPolicies(app: FastifyInstance): (key: string) => EndpointPolicy | null {
  const otherCalls: EndpointPolicy = { guard: authCallsGuard(app) };
  const exact = new Map<string, EndpointPolicy>([
    ['/sign-up/email', { validate: validateSignUp, guard: credentialGuard(app, 'sign-up', emailAccountKey) }],
    ['/sign-in/email', { validate: validateSignIn, guard: credentialGuard(app, 'sign-in', emailAccountKey) }],
    ['/sign-in/social', { validate: (r) => validateSocialSignIn(r, app.config), guard: otherCalls.guard }],
    [
      '/change-password',
      { validate: validateChangePassword, guard: credentialGuard(app, 'change-password', sessionAccountKey) },
    ],
    // Name and image rules live in better-auth's database hooks (user-fields.ts), below every endpoint.
    ['/update-user', otherCalls],
    ['/sign-out', otherCalls],
    ['/get-session', otherCalls],
    ['/list-sessions', otherCalls],
    ['/revoke-session', otherCalls],
    ['/revoke-sessions', otherCalls],
    ['/revoke-other-sessions', otherCalls],
    ['/error', otherCalls],
    ['/ok', otherCalls],
  ]);
  return (key) => {
    const policy = exact.get(key);
    if (policy) return policy;
    // The OAuth providers' return: /callback/<provider id>.
    return /^\/callback\/[^/]+$/.test(key) ? otherCalls : null;
  };
}
