import { QueryClientProvider } from '@tanstack/react-query';
import { MotionConfig } from 'motion/react';
import { lazy, type ReactNode, Suspense, useState, useSyncExternalStore } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { isToasterRequested, subscribeToasterRequest } from '@/lib/notify';
import { createQueryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

const LazyToaster = lazy(() => import('./lazy-toaster'));

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <MotionConfig reducedMotion="user">
        <AuthProvider>{children}</AuthProvider>
        <ToasterHost />
      </MotionConfig>
    </QueryClientProvider>
  );
}

/** Renders sonner's Toaster (spec §9 settings in lazy-toaster.tsx) only once a toast is asked for. */
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
