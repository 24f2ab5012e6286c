import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/errors';
import { accountGone } from './users-repository.ts';

/** What a tool call answers for an unverified address while REQUIRE_EMAIL_VERIFICATION is on. */
export const EMAIL_UNVERIFIED_MESSAGE =
  'Verify your e-mail address to use the tools. Open the link we sent you, or choose Resend to get a new one.';

/**
 * REQUIRE_EMAIL_VERIFICATION: 403 `forbidden:email_unverified` unless the caller's address is verified.
 * Read from the user row on each call (one primary-key lookup), not from the access token, so a link
 * opened a moment ago counts at once and every kind of credential is held to it alike.
 */
export async function requireVerifiedEmail(app: FastifyInstance, userId: string): Promise<void> {
  if (!app.config.REQUIRE_EMAIL_VERIFICATION) return;
  const verified = await app.usersRepository.isEmailVerified(userId);
  if (verified === null) throw accountGone();
  if (!verified) throw new AppError('forbidden:email_unverified', EMAIL_UNVERIFIED_MESSAGE);
}
