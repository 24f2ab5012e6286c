import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { isToasterRequested, subscribeToasterRequest } from '#web/lib/notify.ts';
import { useTheme } from '#web/lib/theme.ts';

const LazyToaster = lazy(() => import('./lazy-toaster.tsx'));

/**
 * App-wide providers. The auth state is a store of its own (features/auth/lib/auth-store.ts); the query
 * cache is provided by the pages that use it (query-provider.tsx), and the animation library's settings
 * by the views that animate, so the public pages load without either.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ToasterHost />
    </>
  );
}

/** Renders sonner's Toaster (docs/product.md §9 settings in lazy-toaster.tsx) only once a toast is asked for. */
function ToasterHost() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  const { theme } = useTheme();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster theme={theme} />
    </Suspense>
  );
}
