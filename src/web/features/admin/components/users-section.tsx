import { Loader2, Search, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TableScroller } from '#web/components/ui/table-scroller.tsx';
import { useAdminUsers } from '#web/features/admin/api/get-admin-users.ts';
import { counted, nounFor } from '#web/lib/plural.ts';
import { useDebouncedValue } from '#web/lib/use-debounced-value.ts';
import { LoadError } from './load-error.tsx';
import { cellClass, UserRow } from './user-row.tsx';

/** How long the search box waits after the last keystroke before it asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

const COLUMNS = ['Name', 'E-mail', 'Plan', 'Generations this month', 'Created', 'Status'];

interface UsersSectionProps {
  currentUid: string;
  onOwnAccountChanged: () => void;
}

/** Every account, newest first, searchable by name or e-mail, a page at a time. */
export function UsersSection({ currentUid, onOwnAccountChanged }: UsersSectionProps) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(query);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const searching = users.isFetching && !users.isFetchingNextPage && !users.isPending;

  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="users-title" className="font-semibold text-lg">
            Users
          </h2>
          <p className="text-muted-foreground text-sm">Newest accounts first.</p>
        </div>
        <div className="relative w-full sm:max-w-xs">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search users by name or e-mail"
            placeholder="Search name or e-mail"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
            className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {searching ? (
            <Loader2
              className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
              aria-hidden
            />
          ) : search ? (
            <button
              type="button"
              aria-label="Clear the search"
              onClick={() => setSearch('')}
              className="absolute top-1/2 right-1.5 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-4" aria-hidden />
            </button>
          ) : null}
        </div>
      </div>

      {users.isPending ? (
        <UsersSkeleton />
      ) : users.isError && rows.length === 0 ? (
        <LoadError
          message="Could not load the users."
          detail={users.error.message}
          retrying={users.isFetching}
          onRetry={() => void users.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-border border-dashed px-4 py-10 text-center text-muted-foreground text-sm">
          {query ? `No users match “${query}”.` : 'No users yet.'}
        </p>
      ) : (
        <TableScroller label="Users table" className="bg-card shadow-black/5 shadow-sm">
          <table className="w-full min-w-[60rem] text-sm" aria-labelledby="users-title" aria-busy={searching}>
            <thead className="bg-muted text-left text-muted-foreground text-xs uppercase tracking-wide">
              <tr>
                {COLUMNS.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={
                      index === 0
                        ? `${cellClass} sticky left-0 z-[1] bg-muted font-medium`
                        : `${cellClass} whitespace-nowrap font-medium`
                    }
                  >
                    {column}
                  </th>
                ))}
                <th scope="col" className={cellClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <UserRow
                  key={user.uid}
                  user={user}
                  self={user.uid === currentUid}
                  onOwnAccountChanged={onOwnAccountChanged}
                />
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}

      {rows.length > 0 ? (
        <div className="flex flex-col items-center gap-2">
          {users.isFetchNextPageError ? (
            <p role="alert" className="text-destructive text-sm">
              Could not load more users. {users.error?.message}
            </p>
          ) : null}
          {users.hasNextPage ? (
            <Button
              variant="outline"
              onClick={() => void users.fetchNextPage()}
              disabled={users.isFetchingNextPage}
            >
              {users.isFetchingNextPage ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
              Load more
            </Button>
          ) : (
            <p className="text-muted-foreground text-xs">
              {counted(rows.length, 'account')}
              {query ? ` ${nounFor(rows.length, 'matches', 'match')} “${query}”` : ''}.
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}

function UsersSkeleton() {
  return (
    <div className="grid gap-2 rounded-2xl border border-border bg-card p-4" aria-busy="true">
      <span className="sr-only" role="status">
        Loading users…
      </span>
      {[92, 80, 88, 75, 85].map((width) => (
        <Skeleton key={width} className="h-10" style={{ width: `${width}%` }} />
      ))}
    </div>
  );
}
