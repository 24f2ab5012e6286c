import {
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '#web/lib/cn.ts';

/** docs/product.md §2: dropdowns close 200–300 ms after the pointer leaves. */
const DROPDOWN_CLOSE_DELAY_MS = 250;

type OpenReason = 'hover' | 'click';

interface DisclosureDropdownProps {
  /** The trigger button's content. */
  trigger: ReactNode;
  triggerLabel?: string;
  triggerClassName?: string;
  /** Open on mouse hover too, not only on a click (site navigation). */
  hover?: boolean;
  align?: 'start' | 'end';
  panelClassName?: string;
  /** The panel's content; as a function it is given `close` (for an entry that opens a dialog). */
  children: ReactNode | ((close: (returnFocus?: boolean) => void) => ReactNode);
}

const FOCUSABLE = 'a[href], button:not(:disabled)';

/**
 * The WAI-ARIA disclosure pattern (a button with aria-expanded and aria-controls showing a panel of links),
 * the right one for site navigation. Enter or Space toggles; ArrowDown from the button opens the panel and
 * focuses its first entry; arrows, Home and End move between entries; Escape closes and returns focus to
 * the button; a click outside, the mouse leaving it for 250 ms, leaving the panel with Tab, or following
 * a link closes it.
 */
export function DisclosureDropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  hover = false,
  align = 'start',
  panelClassName,
  children,
}: DisclosureDropdownProps) {
  const [open, setOpen] = useState(false);
  const reason = useRef<OpenReason | null>(null);
  const focusFirst = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

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
    setOpen(true);
  }
  function close(returnFocus = false) {
    cancelClose();
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current) {
      focusFirst.current = false;
      panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const focusInside = root.current?.contains(document.activeElement) ?? false;
      close(focusInside);
    };
    // Following a link closes the panel (the header stays mounted across client-side navigation).
    const onClick = (event: globalThis.MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (link && panel.current?.contains(link)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
    };
  });

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    if (hover && !open) show('hover');
  }

  function onPointerLeave(event: PointerEvent) {
    // Every dropdown, hover-opened or clicked open, closes 250 ms after the mouse leaves it.
    if (event.pointerType !== 'mouse' || !open) return;
    cancelClose();
    closeTimer.current = setTimeout(() => close(), DROPDOWN_CLOSE_DELAY_MS);
  }

  function onButtonClick() {
    // A click pins a hover-opened panel instead of toggling it shut under the cursor.
    if (open && reason.current === 'hover') reason.current = 'click';
    else if (open) close();
    else show('click');
  }

  function onKeyDown(event: KeyboardEvent) {
    const entries = [...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') {
      if (index === -1) {
        if (!open) {
          focusFirst.current = true;
          show('click');
        } else next = entries[0];
      } else next = entries[(index + 1) % entries.length];
    } else if (event.key === 'ArrowUp' && open) {
      next = entries[index <= 0 ? entries.length - 1 : index - 1];
    } else if (event.key === 'Home' && index !== -1) next = entries[0];
    else if (event.key === 'End' && index !== -1) next = entries.at(-1);
    else return;
    event.preventDefault();
    next?.focus();
  }

  function onBlur(event: FocusEvent) {
    const to = event.relatedTarget as Node | null;
    if (open && to && !root.current?.contains(to)) close();
  }

  const state = open ? 'open' : 'closed';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only groups pointer and key handling of the button and its panel
    <div
      ref={root}
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={button}
        type="button"
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-state={state}
        onClick={onButtonClick}
        className={triggerClassName}
      >
        {trigger}
      </button>
      {open ? (
        // The top padding bridges the gap under the button, so the pointer never leaves on its way down.
        <div
          ref={panel}
          id={panelId}
          className={cn('absolute top-full z-50 pt-2', align === 'end' ? 'right-0' : 'left-0')}
        >
          <div
            className={cn(
              'animate-dropdown-in rounded-xl border border-border bg-card p-1.5 text-foreground shadow-black/5 shadow-xl',
              panelClassName,
            )}
          >
            {typeof children === 'function' ? children(close) : children}
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** A row of a dropdown panel; `start` keeps the icon at the first line of a two-line row. */
export const dropdownItemClass = (align: 'center' | 'start' = 'center') =>
  cn(
    'flex cursor-pointer select-none gap-3 rounded-lg px-3 py-2 text-sm outline-none transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
    align === 'start' ? 'items-start' : 'items-center',
  );
