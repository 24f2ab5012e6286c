import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { authStore } from '#web/features/auth/lib/auth-store.ts';
import { createQueryClient } from '#web/lib/query-client.ts';

/** One cache for the whole visit, shared by every page that provides it. */
const queryClient = createQueryClient();

/**
 * The query cache for the pages that fetch through it (sign-in, the tool pages). Public pages do without,
 * which keeps the library out of their first load. Signing out empties it: no data outlives its user.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    let previous = authStore.getState().status;
    return authStore.subscribe(() => {
      const { status } = authStore.getState();
      // Only an actual sign-out: a visitor's first check (loading → signed-out) must keep the cache.
      if (previous === 'signed-in' && status === 'signed-out') queryClient.clear();
      previous = status;
    });
  }, []);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
