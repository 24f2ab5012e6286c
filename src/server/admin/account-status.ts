import type { AuthContext } from 'better-auth';
import type { Auth } from '#server/auth/auth';
import { endCredentials } from '#server/auth/credential-epochs';
import type { TokenRevocations } from '#server/auth/token-revocations';
import type { Db } from '#server/db/client';

const DISABLED_REASON = 'Disabled by an administrator';

/**
 * Disabling and re-enabling accounts, the way better-auth's admin plugin bans users (its ban-user
 * endpoint writes the same fields), plus what it does not know about: the credential epoch and the API
 * tokens.
 */
export function createAccountStatus(auth: Auth, db: Db, revocations: TokenRevocations) {
  const internalAdapter = async () =>
    (await auth.$context).internalAdapter as unknown as AuthContext['internalAdapter'];
  return {
    /**
     * The account can no longer sign in (the admin plugin refuses its new sessions), and every
     * credential it has ends (credential-epochs.ts 'disabled': sessions, API keys, passkeys, reset links,
     * the invitations it sent); every API token issued so far is refused on every instance
     * (token-revocations.ts: in Redis when several instances share it). In this order, so a token minted
     * while the sessions were being deleted was still issued before the revocation.
     */
    async disable(userId: string): Promise<void> {
      const adapter = await internalAdapter();
      await adapter.updateUser(userId, {
        banned: true,
        banReason: DISABLED_REASON,
        banExpires: null,
        updatedAt: new Date(),
      });
      await endCredentials(db, adapter, 'disabled', userId);
      await revocations.revokeUser(userId);
    },

    /** The account may sign in again (its old sessions, tokens and keys stay ended). */
    async enable(userId: string): Promise<void> {
      const adapter = await internalAdapter();
      await adapter.updateUser(userId, {
        banned: false,
        banReason: null,
        banExpires: null,
        updatedAt: new Date(),
      });
    },
  };
}

export type AccountStatus = ReturnType<typeof createAccountStatus>;
