import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { User } from '../../../../shared/user.ts';

/** GET /api/users/:uid → {user}. */
export async function getUser(uid: string): Promise<User> {
  const { user } = await apiGet<{ user: User }>(`/users/${encodeURIComponent(uid)}`);
  return user;
}

export const getUserQueryOptions = (uid: string) =>
  queryOptions({ queryKey: ['users', uid], queryFn: () => getUser(uid) });

export const useUser = (uid: string) => useQuery(getUserQueryOptions(uid));
