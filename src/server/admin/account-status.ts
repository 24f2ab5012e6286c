import type { Auth } from '#server/auth/auth';
import type { TokenRevocations } from '#server/auth/token-revocations';

const DISABLED_REASON = 'Disabled by an administrator';

/**
 * Disabling and re-enabling accounts, the way better-auth's admin plugin bans users (its ban-user
 * endpoint does the same two writes), plus the API tokens it does not know about.
 */
export function createAccountStatus(auth: Auth, revocations: TokenRevocations) {
  return {
    /**
     * The account can no longer sign in (the admin plugin refuses its new sessions), its sessions end
     * (no new API token can be minted from them), and every API token issued so far is refused on every
     * instance (token-revocations.ts: in Redis when several instances share it). In this order, so a
     * token minted while the sessions were being deleted was still issued before the revocation.
     */
    async disable(userId: string): Promise<void> {
      const { internalAdapter } = await auth.$context;
      await internalAdapter.updateUser(userId, {
        banned: true,
        banReason: DISABLED_REASON,
        banExpires: null,
        updatedAt: new Date(),
      });
      await internalAdapter.deleteUserSessions(userId);
      await revocations.revokeUser(userId);
    },

    /** The account may sign in again (its old sessions and tokens stay ended). */
    async enable(userId: string): Promise<void> {
      const { internalAdapter } = await auth.$context;
      await internalAdapter.updateUser(userId, {
        banned: false,
        banReason: null,
        banExpires: null,
        updatedAt: new Date(),
      });
    },
  };
}

export type AccountStatus = ReturnType<typeof createAccountStatus>;
