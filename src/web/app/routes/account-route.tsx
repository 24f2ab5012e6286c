import { AccountPage } from '#web/features/account/components/account-page.tsx';
import { createAccessToken } from '#web/features/auth/api/create-access-token.ts';
import { authStore, useAuth } from '#web/features/auth/lib/auth-store.ts';

/** /account, for the signed-in user (the protected layout sends anyone else to /signin). */
export function AccountRoute() {
  const { state } = useAuth();
  if (state.status !== 'signed-in') return null;
  const { user } = state;
  return (
    <AccountPage
      user={user}
      onUserChanged={() => authStore.reloadUser()}
      // A password change ends every session, this one too, and starts a new one: its token follows.
      onSessionReplaced={async () => {
        await createAccessToken(user.email);
      }}
      onAccountDeleted={() => authStore.signOut()}
    />
  );
}
