import { QueryClientProvider } from '@tanstack/react-query';
import { MotionConfig } from 'motion/react';
import { type ReactNode, useState } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';

/** Spec §9: toasts top-right, 5000 ms, Alt+T focuses them. */
export const TOASTER_PROPS = { position: 'top-right', duration: 5000, hotkey: ['altKey', 'KeyT'] } as const;

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <MotionConfig reducedMotion="user">
        <AuthProvider>{children}</AuthProvider>
        <Toaster {...TOASTER_PROPS} hotkey={[...TOASTER_PROPS.hotkey]} theme={theme} richColors closeButton />
      </MotionConfig>
    </QueryClientProvider>
  );
}
