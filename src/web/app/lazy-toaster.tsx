import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '#web/lib/notify.ts';
import type { Theme } from '#web/lib/theme.ts';

/** docs/product.md §9: toasts top-right, 5000 ms, Alt+T focuses them. */
// Top right, below the 64 px header: a toast never slides over the header's own controls (the account
// menu, the workspace switcher), which would close a menu under the pointer.
const TOASTER_PROPS = {
  position: 'top-right',
  duration: 5000,
  hotkey: ['altKey', 'KeyT'],
  offset: { top: 76, right: 24 },
  mobileOffset: { top: 72, right: 16, left: 16 },
} as const;

/** Loaded with the first toast; sonner's Toaster subscribes in its effect, which runs before this one. */
export default function LazyToaster({ theme }: { theme: Theme }) {
  useEffect(() => {
    toasterMounted();
  }, []);
  return (
    <Toaster {...TOASTER_PROPS} hotkey={[...TOASTER_PROPS.hotkey]} theme={theme} richColors closeButton />
  );
}
