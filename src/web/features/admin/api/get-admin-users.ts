import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { type AdminUsersPage, adminUsersPageSchema } from '#shared/admin';
import { apiGet } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/query-keys.ts';

/** GET /api/admin/users?query=&cursor= → {users, nextCursor}: newest accounts first, one page at a time. */
export async function getAdminUsers(query: string, cursor: string | null): Promise<AdminUsersPage> {
  const params = new URLSearchParams();
  if (query) params.set('query', query);
  if (cursor) params.set('cursor', cursor);
  const search = params.toString();
  return adminUsersPageSchema.parse(await apiGet<unknown>(`/admin/users${search ? `?${search}` : ''}`));
}

export const getAdminUsersQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: ({ pageParam }) => getAdminUsers(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A new search keeps the previous results on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (query: string) => useInfiniteQuery(getAdminUsersQueryOptions(query));
