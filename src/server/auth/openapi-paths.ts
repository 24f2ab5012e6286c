import { z } from 'zod';
import { describeResponses, errorResponse } from '#server/openapi/document-responses';
import { jsonSchemaOf } from '#server/openapi/json-schema';
import type { ErrorStatus } from '#server/openapi/route-responses';
import { NO_SECURITY, SESSION_SECURITY, type SecurityRequirement } from '#server/openapi/security';
import {
  MAILS_PER_ADDRESS,
  MAILS_PER_ADDRESS_IN_ALL,
  OTHER_AUTH_CALLS_PER_MINUTE,
} from '#server/plugins/rate-limit-auth';
import { forgotPasswordSchema, signInSchema, signUpSchema } from '#shared/auth-schemas';
import {
  API_KEY_EXPIRY_DAYS_MAX,
  API_KEY_EXPIRY_DAYS_MIN,
  API_KEY_NAME_MAX,
} from '#shared/credential-schemas';
import {
  createKeyBody,
  deleteKeyBody,
  deletePasskeyBody,
  reauthenticateBody,
  updateKeyBody,
  updatePasskeyBody,
  verifyAuthenticationBody,
  verifyRegistrationBody,
} from './api-key-passkey-rules.ts';
import {
  changePasswordBody,
  deleteUserBody,
  linkSocialBody,
  mailRequestExtras,
  optionalExtras,
  resetPasswordBody,
  socialBody,
  unlinkAccountBody,
} from './auth-body-rules.ts';
import { AUTH_BASE_PATH } from './auth-endpoint.ts';
import { originMismatchMessage, unknownAddressMessage } from './origins.ts';

/*
 * better-auth's endpoints under /api/auth, which one catch-all route forwards (auth/auth-plugin.ts): each
 * endpoint the product offers (auth/auth-endpoint-policies.ts) as its own path, with the bodies its body
 * rules accept (auth/auth-body-rules.ts, api-key-passkey-rules.ts, from the shared schemas) and
 * better-auth's replies. Its errors come in the API's shape (auth/web-bridge.ts).
 */

/**
 * What every /api/auth/* endpoint shares (auth-plugin.ts, origins.ts, web-bridge.ts), for the document's
 * description (openapi/document.ts): the endpoints forwarded, the errors' shape, the origin refusals and
 * the per-IP budget of the calls that have no limit of their own.
 */
export const AUTH_DESCRIPTION =
  '**better-auth’s endpoints** (`/api/auth/*`, the tags Sign-in, Account and Teams): only those listed are ' +
  'forwarded; any other path there answers 404 `not_found:api`. Their errors come in the same shape, ' +
  'better-auth’s own codes as `<type>:<better-auth code>` (e.g. 401 ' +
  '`unauthorized:invalid_email_or_password`). A call sent to a name that is not this server’s own ' +
  `answers 403 \`forbidden:origin\` (“${unknownAddressMessage('Y')}”), as does a call with cookies, or a ` +
  'browser’s, from a page (`Origin`, else `Referer`) the server does not trust ' +
  `(“${originMismatchMessage('X', 'Y')}”); a cookie call without an \`Origin\` (or \`null\`) is 403 ` +
  '`forbidden:missing_or_null_origin`. The calls without a limit of their own (the sign-in, password and ' +
  `mail calls say theirs) share ${OTHER_AUTH_CALLS_PER_MINUTE} a minute per IP (429 \`rate_limit:auth\`); ` +
  '`AUTH_RATE_LIMIT_PER_IP=0` turns every auth limit off.';

/** The limits of the calls that send a mail to an address (plugins/rate-limit-auth.ts mailGuard). */
const mailLimits = (code: string) =>
  `429 \`rate_limit:${code}\` past AUTH_RATE_LIMIT_PER_IP calls a minute per IP, or ${MAILS_PER_ADDRESS} ` +
  `an hour for one address from one network and ${MAILS_PER_ADDRESS_IN_ALL} in all, counted whether or ` +
  'not it has an account.';

/** The per-account limits of the calls that check a password (plugins/rate-limit-auth.ts credentialGuard). */
const failureLimits =
  'AUTH_RATE_LIMIT_PER_ACCOUNT failures per 10 minutes for one account and IP (an attempt is counted ' +
  'before it runs and given back when it succeeds); an account with that many failures from anywhere is ' +
  'slowed down, not locked: its attempts take turns 0.25 s apart, doubling up to 8 s (429 when the turns ' +
  'are booked further ahead).';

/** better-auth's user as its endpoints return it (more fields may come). */
const authUserSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'The username.' }),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .catchall(z.unknown());

/** A better-auth session (the session token itself is in the cookie). */
const authSessionSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    expiresAt: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    ipAddress: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
  })
  .catchall(z.unknown());

const status = z.object({ status: z.boolean() });
const success = z.object({ success: z.boolean() });
const redirectTo = z.object({ url: z.string(), redirect: z.boolean() });
const userWithToken = z.object({ token: z.string().nullable(), user: authUserSchema });
const anyObject = z.object({}).catchall(z.unknown());
const apiKey = anyObject.meta({
  description: 'The key’s record: id, name, start (its first characters), enabled, expiresAt, createdAt, …',
});
const passkey = anyObject.meta({ description: 'A passkey: id, name, deviceType, createdAt, …' });

/** Sign-up's body: `name` is the username (validateSignUp). */
const signUpBody = z
  .object({
    name: signUpSchema.shape.username,
    email: signUpSchema.shape.email,
    password: signUpSchema.shape.password,
  })
  .extend(optionalExtras.shape);

interface AuthOperation {
  method: 'get' | 'post';
  /** Below /api/auth. */
  path: string;
  tag: 'auth' | 'account' | 'teams';
  summary: string;
  description?: string;
  security: SecurityRequirement[];
  body?: z.ZodObject;
  query?: z.ZodObject;
  /** The 200 JSON reply, or what a redirect or an HTML page is. */
  reply: z.ZodType | { redirect: string } | { html: string };
  errors: ErrorStatus[];
}

const signedIn = SESSION_SECURITY;
/** Every call is counted per IP (429), and a page that is not trusted is refused (403 `forbidden:origin`). */
const always: ErrorStatus[] = [403, 429];
const withBody: ErrorStatus[] = [400, ...always];
const withSession: ErrorStatus[] = [401, ...always];

const OPERATIONS: AuthOperation[] = [
  {
    method: 'post',
    path: '/sign-up/email',
    tag: 'auth',
    summary: 'Sign up with e-mail and password',
    description:
      'Creates the account and signs it in: the reply sets the session cookie. A verification link is mailed ' +
      '(valid 24 hours). The body is checked by the sign-up rules first (400 `bad_request:validation` with the ' +
      'rule’s message), and only `name` (the username), `email`, `password`, `callbackURL` and `rememberMe` ' +
      'reach better-auth (no `image`: photos are uploaded). 422 when the address already has an account. 429 ' +
      '`rate_limit:sign_up` (“Too many sign-up attempts. Try again in N seconds.”) past AUTH_RATE_LIMIT_PER_IP ' +
      `attempts a minute per IP, or ${failureLimits}`,
    security: NO_SECURITY,
    body: signUpBody,
    reply: userWithToken,
    errors: [...withBody, 422],
  },
  {
    method: 'post',
    path: '/sign-in/email',
    tag: 'auth',
    summary: 'Sign in with e-mail and password',
    description:
      'Sets the session cookie. 401 `unauthorized:invalid_email_or_password`; a disabled account gets 403 ' +
      '`forbidden:banned_user`. 429 `rate_limit:sign_in` (“Too many sign-in attempts. Try again in N ' +
      `seconds.”) past AUTH_RATE_LIMIT_PER_IP attempts a minute per IP, or ${failureLimits}`,
    security: NO_SECURITY,
    body: signInSchema.extend(optionalExtras.shape),
    reply: z.object({
      redirect: z.boolean(),
      token: z.string(),
      url: z.string().optional(),
      user: authUserSchema,
    }),
    errors: [...withBody, 401],
  },
  {
    method: 'post',
    path: '/sign-in/social',
    tag: 'auth',
    summary: 'Sign in with Google or GitHub',
    description:
      'Answers the provider’s page to open; the provider sends the browser back to `/api/auth/callback/{providerId}`. ' +
      '400 `bad_request:provider_not_configured` when the server has no credentials for it.',
    security: NO_SECURITY,
    body: socialBody.extend({ provider: z.enum(['google', 'github']) }),
    reply: redirectTo,
    errors: withBody,
  },
  {
    method: 'get',
    path: '/callback/{providerId}',
    tag: 'auth',
    summary: 'Return from Google or GitHub',
    description:
      'The OAuth provider’s redirect (also as a form POST): signs in and redirects to `callbackURL`.',
    security: NO_SECURITY,
    query: z.object({
      code: z.string().optional(),
      state: z.string().optional(),
      error: z.string().optional(),
    }),
    reply: { redirect: 'To the page the sign-in started from, or `/signin?error=…`.' },
    errors: [...always],
  },
  {
    method: 'post',
    path: '/sign-out',
    tag: 'auth',
    summary: 'Sign out',
    description: 'Ends the session: its cookie is cleared and its access tokens are revoked.',
    security: signedIn,
    reply: success.extend({ url: z.string().optional(), redirect: z.boolean().optional() }),
    errors: [...always, 400],
  },
  {
    method: 'get',
    path: '/get-session',
    tag: 'auth',
    summary: 'The current session',
    description: '`null` without a session.',
    security: [{}, ...signedIn],
    reply: z.object({ session: authSessionSchema, user: authUserSchema }).nullable(),
    errors: always,
  },
  {
    method: 'post',
    path: '/request-password-reset',
    tag: 'auth',
    summary: 'Mail a password reset link',
    description:
      'Always the same answer, whether or not the address has an account (the mail is not waited for). The ' +
      `link opens \`/reset-password?token=…\` and works once, for an hour. ${mailLimits('reset_request')}`,
    security: NO_SECURITY,
    body: forgotPasswordSchema.extend(mailRequestExtras.shape),
    reply: status.extend({ message: z.string() }),
    errors: withBody,
  },
  {
    method: 'post',
    path: '/reset-password',
    tag: 'auth',
    summary: 'Set a new password with a reset link’s token',
    description:
      'The token of a reset link (once, within the hour) and a new password by the sign-up rules. Every ' +
      'credential of the account ends: its sessions and their access tokens, API keys, passkeys, other reset ' +
      'links and the team invitations it sent (SECURITY.md, “What ends a credential”). 429 ' +
      '`rate_limit:reset_password` past AUTH_RATE_LIMIT_PER_IP calls a minute per IP.',
    security: NO_SECURITY,
    body: resetPasswordBody,
    reply: status,
    errors: withBody,
  },
  {
    method: 'post',
    path: '/send-verification-email',
    tag: 'auth',
    summary: 'Mail a new verification link',
    description: `The link it mails is valid 24 hours. ${mailLimits('verification_email')}`,
    security: NO_SECURITY,
    body: forgotPasswordSchema.extend(mailRequestExtras.shape),
    reply: status,
    errors: withBody,
  },
  {
    method: 'get',
    path: '/verify-email',
    tag: 'auth',
    summary: 'Open a verification link',
    description:
      'Marks the address verified and redirects to the web page `/verify-email`, or to ' +
      '`/verify-email?error=TOKEN_EXPIRED` (a link older than 24 hours) or `?error=INVALID_TOKEN`. It signs ' +
      'nobody in.',
    security: NO_SECURITY,
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    reply: { redirect: 'To the web page `/verify-email`.' },
    errors: always,
  },
  {
    method: 'get',
    path: '/ok',
    tag: 'auth',
    summary: 'better-auth is up',
    security: NO_SECURITY,
    reply: z.object({ ok: z.boolean() }),
    errors: always,
  },
  {
    method: 'get',
    path: '/error',
    tag: 'auth',
    summary: 'better-auth’s error page',
    description: 'An HTML page naming the error, for a failed redirect without an error page of its own.',
    security: NO_SECURITY,
    query: z.object({ error: z.string().optional() }),
    reply: { html: 'The page.' },
    errors: always,
  },
  {
    method: 'post',
    path: '/update-user',
    tag: 'account',
    summary: 'Change the username or the image URL',
    description:
      'A `name` by the username rules; an `image` null or an http(s) URL of at most 2048 characters without ' +
      'credentials (a photo is uploaded with `PUT /api/users/{uid}/photo`); else 400 `bad_request:validation`. ' +
      'Without a session: 401 `unauthorized:no_current_user` (“No current user”).',
    security: signedIn,
    body: z.object({ name: signUpSchema.shape.username.optional(), image: z.string().nullable().optional() }),
    reply: status,
    errors: [...withBody, 401],
  },
  {
    method: 'post',
    path: '/change-password',
    tag: 'account',
    summary: 'Change the password',
    description:
      'Every other session ends (and its access tokens), whatever `revokeOtherSessions` says, and every API ' +
      'key; passkeys, reset links and sent invitations stay (SECURITY.md, “What ends a credential”). This ' +
      'browser gets a new session. Limited like a sign-in, per session (429 `rate_limit:change_password`).',
    security: signedIn,
    body: changePasswordBody,
    reply: userWithToken,
    errors: [...withBody, 401],
  },
  {
    method: 'post',
    path: '/delete-user',
    tag: 'account',
    summary: 'Delete the account',
    description:
      'With the password when the account has one (400 `bad_request:password_required`, `bad_request:invalid_password`); ' +
      'a social-only account needs a session younger than a day (400 `bad_request:session_expired`). ' +
      'Limited like a sign-in, per session (429 `rate_limit:delete_user`). Everything of the account is deleted.',
    security: signedIn,
    body: deleteUserBody,
    reply: success.extend({ message: z.string() }),
    errors: [...withBody, 401],
  },
  {
    method: 'get',
    path: '/list-sessions',
    tag: 'account',
    summary: 'The account’s sessions',
    security: signedIn,
    reply: z.array(authSessionSchema),
    errors: withSession,
  },
  {
    method: 'post',
    path: '/revoke-session',
    tag: 'account',
    summary: 'End one session',
    security: signedIn,
    body: z.object({ token: z.string() }),
    reply: status,
    errors: [...withSession, 400],
  },
  {
    method: 'post',
    path: '/revoke-sessions',
    tag: 'account',
    summary: 'End every session',
    description:
      'Every session (this one too) and its access tokens, and every API key end; passkeys, reset links and ' +
      'sent invitations stay.',
    security: signedIn,
    reply: status,
    errors: withSession,
  },
  {
    method: 'post',
    path: '/revoke-other-sessions',
    tag: 'account',
    summary: 'End every other session',
    description:
      'Every other session and its access tokens, and every API key end; passkeys, reset links and sent ' +
      'invitations stay.',
    security: signedIn,
    reply: status,
    errors: withSession,
  },
  {
    method: 'get',
    path: '/list-accounts',
    tag: 'account',
    summary: 'The sign-in methods (credential, google, github)',
    security: signedIn,
    reply: z.array(anyObject.extend({ id: z.string(), providerId: z.string(), accountId: z.string() })),
    errors: withSession,
  },
  {
    method: 'post',
    path: '/link-social',
    tag: 'account',
    summary: 'Link Google or GitHub',
    description: 'Answers the provider’s page to open; the provider’s address must be the account’s.',
    security: signedIn,
    body: linkSocialBody.extend({ provider: z.enum(['google', 'github']) }),
    reply: redirectTo,
    errors: [...withBody, 401],
  },
  {
    method: 'post',
    path: '/unlink-account',
    tag: 'account',
    summary: 'Unlink a sign-in method',
    description:
      'Never the last one. From a session proven within `AUTH_FRESH_SIGN_IN_SECONDS` (10 minutes), else 403 ' +
      '`forbidden:reauth_required` (POST /reauthenticate, then again).',
    security: signedIn,
    body: unlinkAccountBody,
    reply: status,
    errors: [...withBody, 401],
  },
  {
    method: 'post',
    path: '/reauthenticate',
    tag: 'account',
    summary: 'Confirm it’s you again',
    description:
      'With the password, or a passkey’s answer to GET /passkey/generate-authenticate-options’ challenge: the ' +
      'session counts as a fresh sign-in for `AUTH_FRESH_SIGN_IN_SECONDS`, so adding an API key or a passkey, ' +
      'or unlinking a sign-in method, goes on. No new session, cookie or token. 400 `bad_request:invalid_password`, ' +
      '403 `forbidden:passkey_of_another_account`; failed passwords are limited like a sign-in’s.',
    security: signedIn,
    body: reauthenticateBody,
    reply: z.object({ status: z.boolean(), reauthenticatedAt: z.string() }),
    errors: [...withBody, 401],
  },
  {
    method: 'post',
    path: '/api-key/create',
    tag: 'account',
    summary: 'Create a personal API key',
    description:
      `A \`name\` of 1–${API_KEY_NAME_MAX} characters and an \`expiresIn\` of ${API_KEY_EXPIRY_DAYS_MIN} to ` +
      `${API_KEY_EXPIRY_DAYS_MAX} days (in seconds), or none. The reply’s \`key\` (\`ds_…\`) is shown this once; ` +
      'it is stored hashed, and its owner is mailed. From a session proven within `AUTH_FRESH_SIGN_IN_SECONDS` ' +
      '(10 minutes), else 403 `forbidden:reauth_required` (POST /reauthenticate, then again). A key is ' +
      'checked on every call it makes: while its owner is disabled it answers 401 `unauthorized:disabled`.',
    security: signedIn,
    body: createKeyBody,
    reply: apiKey.extend({ key: z.string() }),
    errors: [...withBody, 401],
  },
  {
    method: 'get',
    path: '/api-key/list',
    tag: 'account',
    summary: 'The account’s API keys',
    security: signedIn,
    reply: z.object({
      apiKeys: z.array(apiKey),
      total: z.number(),
      limit: z.number().optional(),
      offset: z.number().optional(),
    }),
    errors: withSession,
  },
  {
    method: 'get',
    path: '/api-key/get',
    tag: 'account',
    summary: 'One API key',
    security: signedIn,
    query: z.object({ id: z.string() }),
    reply: apiKey,
    errors: [...withSession, 400, 404],
  },
  {
    method: 'post',
    path: '/api-key/update',
    tag: 'account',
    summary: 'Rename, enable or disable an API key',
    security: signedIn,
    body: updateKeyBody,
    reply: apiKey,
    errors: [...withBody, 401, 404],
  },
  {
    method: 'post',
    path: '/api-key/delete',
    tag: 'account',
    summary: 'Delete an API key',
    security: signedIn,
    body: deleteKeyBody,
    reply: success,
    errors: [...withBody, 401, 404],
  },
  {
    method: 'get',
    path: '/passkey/generate-register-options',
    tag: 'account',
    summary: 'WebAuthn options to register a passkey',
    description:
      'From a session proven within `AUTH_FRESH_SIGN_IN_SECONDS` (10 minutes), else 403 ' +
      '`forbidden:reauth_required` (POST /reauthenticate, then again).',
    security: signedIn,
    reply: anyObject,
    errors: withSession,
  },
  {
    method: 'post',
    path: '/passkey/verify-registration',
    tag: 'account',
    summary: 'Register a passkey',
    description: 'As its options, from a freshly proven session; its owner is mailed.',
    security: signedIn,
    body: verifyRegistrationBody,
    reply: passkey,
    errors: [...withBody, 401],
  },
  {
    method: 'get',
    path: '/passkey/generate-authenticate-options',
    tag: 'auth',
    summary: 'WebAuthn options to sign in with a passkey',
    security: NO_SECURITY,
    reply: anyObject,
    errors: always,
  },
  {
    method: 'post',
    path: '/passkey/verify-authentication',
    tag: 'auth',
    summary: 'Sign in with a passkey',
    description: 'Sets the session cookie.',
    security: NO_SECURITY,
    body: verifyAuthenticationBody,
    reply: anyObject,
    errors: [...withBody, 401],
  },
  {
    method: 'get',
    path: '/passkey/list-user-passkeys',
    tag: 'account',
    summary: 'The account’s passkeys',
    security: signedIn,
    reply: z.array(passkey),
    errors: withSession,
  },
  {
    method: 'post',
    path: '/passkey/update-passkey',
    tag: 'account',
    summary: 'Rename a passkey',
    security: signedIn,
    body: updatePasskeyBody,
    reply: z.object({ passkey }),
    errors: [...withBody, 401, 404],
  },
  {
    method: 'post',
    path: '/passkey/delete-passkey',
    tag: 'account',
    summary: 'Delete a passkey',
    security: signedIn,
    body: deletePasskeyBody,
    reply: status,
    errors: [...withBody, 401, 404],
  },
  ...teamOperations(),
];

/** better-auth's organization endpoints (ADR 0026): teams, members and roles, invitations. */
function teamOperations(): AuthOperation[] {
  const team = anyObject.meta({ description: 'A team: id, name, slug, logo, metadata, createdAt.' });
  const memberRecord = anyObject.meta({
    description: 'A membership: id, organizationId, userId, role, createdAt (and the user).',
  });
  const invitationRecord = anyObject.meta({
    description: 'An invitation: id, organizationId, email, role, status, expiresAt, inviterId.',
  });
  const orgId = z.object({ organizationId: z.string() });
  const invitationId = z.object({ invitationId: z.string() });
  const op = (
    method: AuthOperation['method'],
    path: string,
    summary: string,
    reply: z.ZodType,
    extra: Partial<AuthOperation> = {},
  ): AuthOperation => ({
    method,
    path: `/organization/${path}`,
    tag: 'teams',
    summary,
    security: signedIn,
    reply,
    errors: method === 'post' ? [...withBody, 401] : [...withSession, 400],
    ...extra,
  });
  return [
    op('post', 'create', 'Create a team', team, {
      description:
        'The caller becomes its owner, and the session works in it. The name is one line of at most 60 ' +
        'characters; the slug lower-case letters and digits joined by hyphens (at most 64); else 400 ' +
        '`bad_request:validation`. No logo or metadata reach better-auth.',
      body: z.object({ name: z.string(), slug: z.string() }),
    }),
    op('post', 'update', 'Rename a team', team, {
      body: z.object({
        data: z.object({ name: z.string().optional(), slug: z.string().optional() }),
        organizationId: z.string().optional(),
      }),
    }),
    op('post', 'set-active', 'Work in a team (or the personal workspace)', team.nullable(), {
      description:
        'Sets the session’s active team (`organizationId` null: the personal workspace). Access tokens minted ' +
        'afterwards (POST /api/jwt) work in it: the team’s plan and shared chats.',
      body: z.object({ organizationId: z.string().nullable() }),
    }),
    op('get', 'list', 'The caller’s teams', z.array(team)),
    op('get', 'get-full-organization', 'A team with its members and invitations', team, {
      query: z.object({ organizationId: z.string().optional() }),
    }),
    op('get', 'list-members', 'A team’s members', z.object({ members: z.array(memberRecord) }), {
      query: z.object({ organizationId: z.string().optional() }),
    }),
    op('get', 'get-active-member', 'The caller’s membership of the active team', memberRecord),
    op('post', 'invite-member', 'Invite someone by e-mail', invitationRecord, {
      description:
        'Owners and admins with a verified address (403 `forbidden:email_unverified`): mails a link to ' +
        '`/accept-invitation/<id>?email=<the invited address>`, valid for 7 days; the role is member or admin. At most 20 a day per inviter ' +
        'and 50 per team (429 `rate_limit:invitations`), and counted per address like the other mails (429 ' +
        '`rate_limit:invitation`). The mail’s subject is “You are invited to a team on Draftsmith”, naming ' +
        'neither the team nor the inviter. Ends with its sender’s credentials (a password reset, disabling).',
      body: z.object({
        email: z.string(),
        role: z.enum(['member', 'admin']),
        organizationId: z.string().optional(),
        resend: z.boolean().optional(),
      }),
    }),
    op('get', 'get-invitation', 'An invitation to the caller', invitationRecord, {
      description:
        'A pending invitation to the caller’s address, naming the inviter by address only; the web app reads ' +
        '`GET /api/invitations/{id}` instead (the inviter’s name too, and an answered or expired one).',
      query: z.object({ id: z.string() }),
    }),
    op('get', 'list-invitations', 'A team’s invitations', z.array(invitationRecord), {
      query: z.object({ organizationId: z.string().optional() }),
    }),
    op('get', 'list-user-invitations', 'The invitations to the caller', z.array(invitationRecord)),
    op('post', 'accept-invitation', 'Accept an invitation', anyObject, {
      description:
        'A team with a live subscription takes members up to the seats it pays for, any other up to 100: past ' +
        'them 409 `conflict:seats_full`, the invitation staying pending until an owner adds seats.',
      body: invitationId,
    }),
    op('post', 'reject-invitation', 'Decline an invitation', anyObject, { body: invitationId }),
    op('post', 'cancel-invitation', 'Cancel an invitation', invitationRecord, { body: invitationId }),
    op('post', 'remove-member', 'Remove a member', anyObject, {
      description:
        'Their access to the team’s plan and shared chats ends at once; their copies of the team’s chats are ' +
        'deleted, with any public link to them (also when a member leaves).',
      body: z.object({ memberIdOrEmail: z.string(), organizationId: z.string().optional() }),
    }),
    op('post', 'update-member-role', 'Change a member’s role', memberRecord, {
      description: 'Owners hand over ownership this way (the only owner cannot leave).',
      body: z.object({ memberId: z.string(), role: z.string(), organizationId: z.string().optional() }),
    }),
    op('post', 'leave', 'Leave a team', memberRecord, {
      description:
        'The team’s plan and shared chats end for the caller at once, and their copies of its chats are ' +
        'deleted. The only owner cannot leave (400 ' +
        '`bad_request:you_cannot_leave_the_organization_as_the_only_owner`): make someone else an owner first.',
      body: orgId,
    }),
  ];
}

function parameters(operation: AuthOperation): Record<string, unknown>[] {
  const params: Record<string, unknown>[] = [];
  if (operation.path.includes('{providerId}')) {
    params.push({
      name: 'providerId',
      in: 'path',
      required: true,
      schema: { type: 'string', enum: ['google', 'github'] },
    });
  }
  if (operation.query) {
    const json = jsonSchemaOf(operation.query, 'input') as {
      properties?: Record<string, Record<string, unknown>>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(json.properties ?? {})) {
      params.push({ name, in: 'query', required: json.required?.includes(name) ?? false, schema });
    }
  }
  return params;
}

/** The reply, and a 500 (describeResponses) like every route's. */
function replyResponses(reply: AuthOperation['reply']): Record<string, unknown> {
  if (reply instanceof z.ZodType)
    return describeResponses({ 200: jsonSchemaOf(reply, 'output') }, 'document');
  const page =
    'html' in reply
      ? { 200: { description: reply.html, content: { 'text/html': { schema: { type: 'string' } } } } }
      : { 302: { description: reply.redirect, headers: { Location: { schema: { type: 'string' } } } } };
  return { ...page, ...describeResponses({}, 'document') };
}

function operationObject(operation: AuthOperation): Record<string, unknown> {
  const params = parameters(operation);
  const errors = [...new Set(operation.errors)].sort();
  return {
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            description: 'JSON, or the same fields form-encoded.',
            content: { 'application/json': { schema: jsonSchemaOf(operation.body, 'input') } },
          },
        }
      : {}),
    security: operation.security,
    responses: {
      ...replyResponses(operation.reply),
      ...Object.fromEntries(errors.map((status) => [status, errorResponse(status, 'document')])),
    },
  };
}

/** The `paths` entries of the offered better-auth endpoints (the OAuth callback also takes a form POST). */
export function authPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of OPERATIONS) {
    const path = `${AUTH_BASE_PATH}${operation.path}`;
    const item = operationObject(operation);
    paths[path] = { ...paths[path], [operation.method]: item };
    if (operation.path === '/callback/{providerId}') {
      paths[path] = { ...paths[path], post: { ...item, summary: `${operation.summary} (form post)` } };
    }
  }
  return paths;
}
