import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { QueryProvider } from '#web/app/query-provider.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAuth } from '#web/features/auth/lib/auth-store.ts';
import { AccountHeader } from './account-header.tsx';
import { LazyNotFound } from './lazy-not-found.tsx';
import { RouteFallback } from './route-fallback.tsx';

interface ProtectedLayoutProps {
  adminOnly?: boolean;
  /** Loads the page shown inside (lib/lazy-with-preload.tsx) while the session is read. */
  preload?: () => Promise<unknown>;
}

/**
 * docs/product.md §2: /services needs a signed-in user; a skeleton while auth loads, else off to /signin. The
 * tool pages fetch through the query cache, provided here. /admin (`adminOnly`) also needs an
 * administrator: anyone else signed in gets the not-found view, as for an unknown path.
 */
export function ProtectedLayout({ adminOnly = false, preload }: ProtectedLayoutProps) {
  const { state } = useAuth();
  const location = useLocation();
  // Loaded by the time the user is known, the page shows at once instead of after a spinner.
  useEffect(() => {
    void preload?.();
  }, [preload]);
  if (state.status === 'signed-out') return <Navigate to="/signin" replace state={{ from: location }} />;
  if (adminOnly && state.status === 'signed-in' && state.user.admin !== true) return <LazyNotFound />;
  return (
    <QueryProvider>
      <div className="flex min-h-dvh flex-col">
        <AccountHeader />
        <main id="main" className="flex flex-1 flex-col">
          {state.status === 'loading' ? (
            <ToolsSkeleton />
          ) : (
            <Suspense fallback={<RouteFallback />}>
              <Outlet />
            </Suspense>
          )}
        </main>
      </div>
    </QueryProvider>
  );
}

function ToolsSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 sm:py-24"
      aria-busy="true"
      data-testid="auth-skeleton"
    >
      <span className="sr-only" role="status">
        Loading your account…
      </span>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="mt-4 h-10 w-2/3" />
      <Skeleton className="mt-4 h-5 w-full" />
      <Skeleton className="mt-2 h-5 w-4/5" />
      <Skeleton shape="card" className="mt-10 h-40 w-full" />
    </div>
  );
}
