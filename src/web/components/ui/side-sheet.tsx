import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A modal sheet from the end side beside the page (a cited passage, where a line of an answer comes
 * from): focus stays inside until it closes (Esc, a close button, a click outside) and then goes back to
 * what had it, which Radix only does for a Dialog.Trigger and these open from text. Its Esc closes the
 * sheet only: the page's own Esc (stop the answer being written) waits.
 */
export function SideSheet({
  open,
  onClose,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Its width, e.g. 'w-[min(36rem,100vw)]'. */
  className?: string;
  children: ReactNode;
}) {
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/30 data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onEscapeKeyDown={(event) => event.stopPropagation()}
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          className={cn(
            'fixed inset-y-0 end-0 z-50 flex flex-col border-border border-s bg-background text-foreground shadow-2xl outline-none data-[state=open]:animate-sheet-in',
            className,
          )}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The sheet's close button, at the end of its header. */
export function SideSheetClose() {
  return (
    <Dialog.Close
      aria-label="Close"
      className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <X className="size-4.5" aria-hidden />
    </Dialog.Close>
  );
}
