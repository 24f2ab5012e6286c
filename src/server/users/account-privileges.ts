import { isDisabled } from '#server/auth/bans';
import { ADMIN_ROLE } from '#server/config/admin-emails';
import { AppError } from '#server/errors';

/**
 * "May this account do X now?" answered in one place (SECURITY.md, "Privileges"), from the account's
 * current state in the database, never from a token's claims: a privilege follows the account the
 * moment its state changes.
 *
 * - `administer` (/api/admin): the admin role (ADMIN_EMAILS), a verified address, not disabled.
 * - `invite` (sending team invitations, which mail strangers words the inviter chose): a verified
 *   address, not disabled.
 * - `generate` (the tools): a verified address when REQUIRE_EMAIL_VERIFICATION is on.
 *
 * A verified address is asked for whatever REQUIRE_EMAIL_VERIFICATION says where the privilege reaches
 * other people (administration, mail to strangers); without SMTP the verification link is in
 * DATA_DIR/outbox and in the log. A disabled account has no privileges at all.
 */
export type Privilege = 'administer' | 'invite' | 'generate';

/** What the answer depends on: the user row's role, ban and verification. */
export interface AccountState {
  role: string | null;
  banned: boolean | null;
  banExpires: Date | null;
  emailVerified: boolean;
}

/** What a tool call answers for an unverified address while REQUIRE_EMAIL_VERIFICATION is on. */
export const EMAIL_UNVERIFIED_MESSAGE =
  'Verify your e-mail address to use the tools. Open the link we sent you, or choose Resend to get a new one.';

const UNVERIFIED_MESSAGES: Record<Privilege, string> = {
  administer:
    'Verify your e-mail address to use the administration pages. Open the link we sent you, or choose Resend to get a new one.',
  invite:
    'Verify your e-mail address to invite people to a team. Open the link we sent you, or choose Resend to get a new one.',
  generate: EMAIL_UNVERIFIED_MESSAGE,
};

export interface PrivilegeRules {
  requireEmailVerification: boolean;
  now: Date;
}

/** Why `state` may not use `privilege` now, as the error to answer; null when it may. */
export function privilegeRefusal(
  state: AccountState,
  privilege: Privilege,
  rules: PrivilegeRules,
): AppError | null {
  if (isDisabled(state, rules.now)) {
    return new AppError('forbidden:disabled', 'This account has been disabled.');
  }
  if (privilege === 'administer' && state.role !== ADMIN_ROLE) {
    return new AppError('forbidden:admin', 'Only administrators can do this.');
  }
  const needsVerified = privilege !== 'generate' || rules.requireEmailVerification;
  if (needsVerified && !state.emailVerified) {
    return new AppError('forbidden:email_unverified', UNVERIFIED_MESSAGES[privilege]);
  }
  return null;
}

/** Whether `state` may use `privilege` now. */
export function may(state: AccountState, privilege: Privilege, rules: PrivilegeRules): boolean {
  return privilegeRefusal(state, privilege, rules) === null;
}
