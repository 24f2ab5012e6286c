import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '#web/lib/notify.ts';
import type { Theme } from '#web/lib/theme.ts';

/** docs/product.md §9: toasts top-right, 5000 ms, Alt+T focuses them. */
const TOASTER_PROPS = { position: 'top-right', duration: 5000, hotkey: ['altKey', 'KeyT'] } as const;

/** Loaded with the first toast; sonner's Toaster subscribes in its effect, which runs before this one. */
export default function LazyToaster({ theme }: { theme: Theme }) {
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    <Toaster {...TOASTER_PROPS} hotkey={[...TOASTER_PROPS.hotkey]} theme={theme} richColors closeButton />
  );
}
