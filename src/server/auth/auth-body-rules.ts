import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '#server/config/config';
import { AppError } from '#server/errors';
import {
  forgotPasswordSchema,
  newPasswordSchema,
  PASSWORD_MAX,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '#shared/auth-schemas';
import { teamNameError, teamSlugError } from '#shared/team-rules';
import { configuredSocialProviders, SOCIAL_PROVIDER_LABELS, SOCIAL_PROVIDERS } from './social-providers.ts';

/**
 * Checks run on better-auth's bodies before it sees them, so the user reads the product's own
 * messages (docs/product.md §5, from the shared schemas) instead of better-auth's.
 */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('bad_request:validation', 'The request body must be a JSON object or a form.');
  }
  return body as Record<string, unknown>;
}

export function firstIssue(error: z.ZodError): AppError {
  return new AppError('bad_request:validation', error.issues[0]?.message ?? 'The request is not valid.');
}

export const optionalExtras = z.object({
  callbackURL: z.string().max(2048).optional(),
  // Forms carry booleans as text.
  rememberMe: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).optional(),
});

/** Sign-up: `name` is the username; only these fields reach better-auth (no `image`: photos are uploaded). */
export function validateSignUp(request: FastifyRequest): void {
  const body = bodyObject(request);
  const parsed = signUpSchema.safeParse({
    username: body.name ?? '',
    email: body.email ?? '',
    password: body.password ?? '',
  });
  if (!parsed.success) throw firstIssue(parsed.error);
  const extras = optionalExtras.safeParse(body);
  if (!extras.success) throw firstIssue(extras.error);
  request.body = {
    name: parsed.data.username,
    email: parsed.data.email,
    password: parsed.data.password,
    ...extras.data,
  };
}

export function validateSignIn(request: FastifyRequest): void {
  const body = bodyObject(request);
  const parsed = signInSchema.safeParse({ email: body.email ?? '', password: body.password ?? '' });
  if (!parsed.success) throw firstIssue(parsed.error);
  const extras = optionalExtras.safeParse(body);
  if (!extras.success) throw firstIssue(extras.error);
  request.body = { email: parsed.data.email, password: parsed.data.password, ...extras.data };
}

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

/**
 * Password change: the new password follows the same rules as at sign-up, and every other session ends
 * (with its access tokens) whatever the client asked: a changed password must lock out whoever knew the
 * old one (issue 13), so `revokeOtherSessions` is always true.
 */
export function validateChangePassword(request: FastifyRequest): void {
  const parsed = changePasswordBody.safeParse(bodyObject(request));
  if (!parsed.success) throw firstIssue(parsed.error);
  request.body = { ...parsed.data, revokeOtherSessions: true };
}

export const deleteUserBody = z.object({
  password: z.string().min(1, 'Enter your password to delete your account.').max(PASSWORD_MAX).optional(),
  callbackURL: z.string().max(2048).optional(),
});

/**
 * Account deletion (better-auth's delete-user): the password, when the account has one (checked by
 * auth/account-deletion.ts), and nothing else: no `token`, since no deletion link is ever mailed.
 */
export function validateDeleteUser(request: FastifyRequest): void {
  const parsed = deleteUserBody.safeParse(bodyObject(request));
  if (!parsed.success) throw firstIssue(parsed.error);
  request.body = parsed.data;
}

export const socialBody = z.object({
  provider: z.string(),
  callbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
  newUserCallbackURL: z.string().max(2048).optional(),
  disableRedirect: z.boolean().optional(),
});

/** Social sign-in: only Google and GitHub, only when configured, and never with a client-sent ID token. */
export function validateSocialSignIn(request: FastifyRequest, config: Config): void {
  const parsed = socialBody.safeParse(bodyObject(request));
  if (!parsed.success)
    throw new AppError('bad_request:validation', 'Choose a sign-in provider: google or github.');
  checkConfiguredProvider(parsed.data.provider, config);
  request.body = parsed.data;
}

/** Only Google and GitHub, and only when this server has their credentials. */
function checkConfiguredProvider(name: string, config: Config): void {
  const provider = SOCIAL_PROVIDERS.find((p) => p === name);
  if (!provider) {
    throw new AppError('bad_request:provider_unknown', `Unknown sign-in provider "${name.slice(0, 40)}".`);
  }
  if (!configuredSocialProviders(config)[provider]) {
    const label = SOCIAL_PROVIDER_LABELS[provider];
    const variable = provider.toUpperCase();
    throw new AppError(
      'bad_request:provider_not_configured',
      `${label} sign-in is not configured on this server. Ask the administrator to set ${variable}_CLIENT_ID and ${variable}_CLIENT_SECRET, or sign in with e-mail.`,
    );
  }
}

export const linkSocialBody = z.strictObject({
  provider: z.string(),
  callbackURL: z.string().max(2048).optional(),
  errorCallbackURL: z.string().max(2048).optional(),
  disableRedirect: z.boolean().optional(),
  loginHint: z.string().max(320).optional(),
});

/**
 * Linking Google or GitHub to the signed-in account: the providers social sign-in accepts, through the
 * provider's own page only (no client-sent ID token, no extra scopes or authorization parameters).
 */
export function validateLinkSocial(request: FastifyRequest, config: Config): void {
  const parsed = linkSocialBody.safeParse(bodyObject(request));
  if (!parsed.success)
    throw new AppError('bad_request:validation', 'Choose a provider to link: google or github.');
  checkConfiguredProvider(parsed.data.provider, config);
  request.body = parsed.data;
}

export const unlinkAccountBody = z.object({ accountId: z.string().min(1).max(200) });

export function validateUnlinkAccount(request: FastifyRequest): void {
  const parsed = unlinkAccountBody.safeParse(bodyObject(request));
  if (!parsed.success) throw new AppError('bad_request:validation', 'Choose the sign-in method to unlink.');
  request.body = parsed.data;
}

export const mailRequestExtras = z.object({
  redirectTo: z.string().max(2048).optional(),
  callbackURL: z.string().max(2048).optional(),
});

/**
 * request-password-reset and send-verification-email: an address (the mail's link is always the web
 * app's own page, auth/auth-mails.ts; better-auth still checks a redirectTo or callbackURL's origin).
 */
export function validateMailRequest(request: FastifyRequest): void {
  const body = bodyObject(request);
  const parsed = forgotPasswordSchema.safeParse({ email: body.email ?? '' });
  if (!parsed.success) throw firstIssue(parsed.error);
  const extras = mailRequestExtras.safeParse(body);
  if (!extras.success) throw firstIssue(extras.error);
  request.body = { email: parsed.data.email, ...extras.data };
}

export const resetPasswordBody = resetPasswordSchema.extend({ token: z.string().min(1).max(200).optional() });

/** Setting a new password with a reset link's token: the sign-up rules (docs/product.md §5). */
export function validateResetPassword(request: FastifyRequest): void {
  const parsed = resetPasswordBody.safeParse(bodyObject(request));
  if (!parsed.success) throw firstIssue(parsed.error);
  request.body = parsed.data;
}

const invitationExtras = z.object({
  role: z.enum(['member', 'admin'], { error: 'The role must be member or admin.' }),
  organizationId: z.string().min(1).max(100).optional(),
  resend: z.boolean().optional(),
});

/**
 * An invitation to a team (organization/invite-member): a valid address and the role of a member or
 * an admin (ownership is handed over to someone already in the team, with update-member-role).
 */
export function validateInvitation(request: FastifyRequest): void {
  const body = bodyObject(request);
  const parsed = forgotPasswordSchema.safeParse({ email: body.email ?? '' });
  if (!parsed.success) throw firstIssue(parsed.error);
  const extras = invitationExtras.safeParse(body);
  if (!extras.success) throw firstIssue(extras.error);
  request.body = { email: parsed.data.email, ...extras.data };
}

const teamName = z.string({ error: 'Please enter a name for the team.' }).superRefine((name, ctx) => {
  const problem = teamNameError(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const teamSlug = z.string({ error: teamSlugError('') ?? undefined }).superRefine((slug, ctx) => {
  const problem = teamSlugError(slug);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A new team (organization/create): a one-line name (it is written into invitation mails) and a slug
 * of the shared rules (src/shared/team-rules.ts). Only these reach better-auth: no logo, no metadata.
 */
export function validateTeamCreate(request: FastifyRequest): void {
  const parsed = z
    .object({ name: teamName, slug: teamSlug, keepCurrentActiveOrganization: z.boolean().optional() })
    .safeParse(bodyObject(request));
  if (!parsed.success) throw firstIssue(parsed.error);
  request.body = { ...parsed.data, name: parsed.data.name.trim() };
}

/** A team's new name or slug (organization/update), by the same rules. */
export function validateTeamUpdate(request: FastifyRequest): void {
  const parsed = z
    .object({
      data: z.object({ name: teamName.optional(), slug: teamSlug.optional() }),
      organizationId: z.string().min(1).max(200).optional(),
    })
    .safeParse(bodyObject(request));
  if (!parsed.success) throw firstIssue(parsed.error);
  const { name, slug } = parsed.data.data;
  request.body = {
    ...parsed.data,
    data: { ...(name !== undefined ? { name: name.trim() } : {}), ...(slug !== undefined ? { slug } : {}) },
  };
}
