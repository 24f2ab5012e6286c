import type { FastifyInstance } from 'fastify';
import { type Privilege, type PrivilegeRules, privilegeRefusal } from './account-privileges.ts';
import { accountGone } from './users-repository.ts';

export function privilegeRules(app: FastifyInstance): PrivilegeRules {
  return { requireEmailVerification: app.config.REQUIRE_EMAIL_VERIFICATION, now: new Date() };
}

/**
 * Throws the refusal unless the account `userId` may use `privilege` now (401 when it no longer
 * exists). One primary-key read; none for `generate` while REQUIRE_EMAIL_VERIFICATION is off, since a
 * disabled account's tokens and keys are already refused when they are verified.
 */
export async function requirePrivilege(
  app: FastifyInstance,
  userId: string,
  privilege: Privilege,
): Promise<void> {
  if (privilege === 'generate' && !app.config.REQUIRE_EMAIL_VERIFICATION) return;
  const state = await app.usersRepository.accountState(userId);
  if (!state) throw accountGone();
  const refusal = privilegeRefusal(state, privilege, privilegeRules(app));
  if (refusal) throw refusal;
}
