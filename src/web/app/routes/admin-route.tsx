import { AdminPage } from '#web/features/admin/components/admin-page.tsx';
import { authStore, useAuth } from '#web/features/auth/lib/auth-store.ts';

/**
 * /admin, for administrators only: the protected layout (mounted with `adminOnly`) shows everyone else
 * the not-found view, so this page never calls the admin API for them.
 */
export function AdminRoute() {
  const { state } = useAuth();
  if (state.status !== 'signed-in' || state.user.admin !== true) return null;
  return <AdminPage currentUid={state.user.uid} onOwnAccountChanged={() => void authStore.reloadUser()} />;
}
