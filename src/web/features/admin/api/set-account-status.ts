import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AccountStatus, type AdminUser, adminUserReplySchema } from '#shared/admin';
import { apiRequest } from '#web/lib/api-client.ts';
import { storeAdminUser } from './admin-user-cache.ts';

export interface SetAccountStatusInput {
  uid: string;
  status: AccountStatus;
}

/** POST /api/admin/users/:uid/disable or /enable → {user}. */
export async function setAccountStatus({ uid, status }: SetAccountStatusInput): Promise<AdminUser> {
  const action = status === 'disabled' ? 'disable' : 'enable';
  const { data } = await apiRequest<unknown>(`/admin/users/${encodeURIComponent(uid)}/${action}`, {
    method: 'POST',
  });
  return adminUserReplySchema.parse(data).user;
}

/** Disables or re-enables an account; the row shows the server's reply. */
export function useSetAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccountStatus,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
