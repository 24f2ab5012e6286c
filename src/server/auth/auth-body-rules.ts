import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '#server/config';
import { AppError } from '#server/errors';
import { newPasswordSchema, PASSWORD_MAX, signInSchema, signUpSchema } from '#shared/auth-schemas';
import { configuredSocialProviders, SOCIAL_PROVIDER_LABELS, SOCIAL_PROVIDERS } from './social-providers.ts';

/**
 * Checks run on better-auth's bodies before it sees them, so the user reads the product's own
 * messages (docs/product.md §5, from the shared schemas) instead of better-auth's.
 */
function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AppError('bad_request:validation', 'The request body must be a JSON object or a form.');
  }
  return body as Record<string, unknown>;
}

function firstIssue(error: z.ZodError): AppError {
  return new AppError('bad_request:validation', error.issues[0]?.message ?? 'The request is not valid.');
}

const optionalExtras = z.object({
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

const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});

/** Password change: the new password follows the same rules as at sign-up. */
export function validateChangePassword(request: FastifyRequest): void {
  const parsed = changePasswordBody.safeParse(bodyObject(request));
  if (!parsed.success) throw firstIssue(parsed.error);
  request.body = parsed.data;
}

const socialBody = z.object({
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
  const provider = SOCIAL_PROVIDERS.find((p) => p === parsed.data.provider);
  if (!provider) {
    throw new AppError(
      'bad_request:provider_unknown',
      `Unknown sign-in provider "${parsed.data.provider.slice(0, 40)}".`,
    );
  }
  if (!configuredSocialProviders(config)[provider]) {
    const label = SOCIAL_PROVIDER_LABELS[provider];
    const variable = provider.toUpperCase();
    throw new AppError(
      'bad_request:provider_not_configured',
      `${label} sign-in is not configured on this server. Ask the administrator to set ${variable}_CLIENT_ID and ${variable}_CLIENT_SECRET, or sign in with e-mail.`,
    );
  }
  request.body = parsed.data;
}
