import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminUser, adminUserReplySchema } from '#shared/admin';
import type { PlanId } from '#shared/plans';
import { apiRequest } from '#web/lib/api-client.ts';
import { storeAdminUser } from './admin-user-cache.ts';

export interface SetUserPlanInput {
  uid: string;
  plan: PlanId;
}

/** PUT /api/admin/users/:uid/plan {plan} → {user}. */
export async function setUserPlan({ uid, plan }: SetUserPlanInput): Promise<AdminUser> {
  const { data } = await apiRequest<unknown>(`/admin/users/${encodeURIComponent(uid)}/plan`, {
    method: 'PUT',
    body: { plan },
  });
  return adminUserReplySchema.parse(data).user;
}

/** Sets an account's plan; the row shows the server's reply. */
export function useSetUserPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPlan,
    onSuccess: (user) => storeAdminUser(queryClient, user),
  });
}
