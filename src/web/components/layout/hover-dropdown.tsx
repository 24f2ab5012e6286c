import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

/** Spec §2: dropdowns close 200–300 ms after the pointer leaves. */
export const DROPDOWN_CLOSE_DELAY_MS = 250;

type OpenReason = 'hover' | 'click' | 'keyboard';

interface HoverDropdownProps {
  label: string;
  align?: 'start' | 'center' | 'end';
  contentClassName?: string;
  children: ReactNode;
}

/**
 * A Radix dropdown (arrow keys, Escape returning focus to the trigger) that also opens on mouse hover.
 * Clicking the trigger pins a hover-opened menu instead of toggling it shut under the cursor.
 */
export function HoverDropdown({ label, align = 'start', contentClassName, children }: HoverDropdownProps) {
  const [open, setOpen] = useState(false);
  const reason = useRef<OpenReason | null>(null);
  const closedByPointer = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  function show(why: OpenReason) {
    cancelClose();
    reason.current = why;
    closedByPointer.current = false;
    setOpen(true);
  }

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    if (!open) show('hover');
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType !== 'mouse' || !open) return;
    cancelClose();
    closeTimer.current = setTimeout(() => {
      closedByPointer.current = true;
      setOpen(false);
    }, DROPDOWN_CLOSE_DELAY_MS);
  }

  function onTriggerPointerDown(event: PointerEvent) {
    if (event.button !== 0 || event.ctrlKey) return;
    event.preventDefault(); // take over Radix's toggle so a hover-opened menu stays open on click
    if (open && reason.current !== 'hover') setOpen(false);
    else show('click');
  }

  return (
    <DropdownMenu.Root
      modal={false}
      open={open}
      onOpenChange={(next) => {
        if (next) show('keyboard');
        else {
          cancelClose();
          setOpen(false);
        }
      }}
    >
      <DropdownMenu.Trigger
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onPointerDown={onTriggerPointerDown}
        className="group inline-flex h-10 items-center gap-1 rounded-lg px-3 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:text-foreground"
      >
        {label}
        <ChevronDown
          className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180"
          aria-hidden
        />
      </DropdownMenu.Trigger>
      {/* Rendered in place (no portal) so the menu stays inside the header landmark. */}
      <DropdownMenu.Content
        align={align}
        sideOffset={8}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onCloseAutoFocus={(event) => {
          if (closedByPointer.current) event.preventDefault();
        }}
        className={cn(
          'z-50 rounded-xl border border-border bg-card p-1.5 text-foreground shadow-black/5 shadow-xl outline-none',
          'data-[state=open]:animate-dropdown-in',
          contentClassName,
        )}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

export const dropdownItemClass =
  'flex cursor-pointer select-none items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none transition-colors data-[highlighted]:bg-muted focus-visible:bg-muted';
