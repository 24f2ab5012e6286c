import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUsersPage } from '#shared/admin';
import { adminKeys } from '#web/lib/query-keys.ts';

/**
 * Puts the server's reply for one account into every cached page that shows it, so the row changes
 * without refetching the pages; the account counts of the usage summary are refetched.
 */
export async function storeAdminUser(queryClient: QueryClient, user: AdminUser): Promise<void> {
  queryClient.setQueriesData<InfiniteData<AdminUsersPage>>({ queryKey: adminKeys.users }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            users: page.users.map((row) => (row.uid === user.uid ? user : row)),
          })),
        }
      : data,
  );
  await queryClient.invalidateQueries({ queryKey: adminKeys.usage });
}
