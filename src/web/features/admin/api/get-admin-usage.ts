import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminUsage, adminUsageSchema } from '#shared/admin';
import { apiGet } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/query-keys.ts';

/** GET /api/admin/usage: the last 30 days' generations per tool per day, and the account counts. */
export async function getAdminUsage(): Promise<AdminUsage> {
  return adminUsageSchema.parse(await apiGet<unknown>('/admin/usage'));
}

export const getAdminUsageQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.usage, queryFn: getAdminUsage });

export const useAdminUsage = () => useQuery(getAdminUsageQueryOptions());
