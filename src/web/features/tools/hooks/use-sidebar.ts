import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/** docs/product.md §9: the sidebar is open by default at a window width of 1024 px or more. */
const SIDEBAR_DESKTOP_QUERY = '(min-width: 1024px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(SIDEBAR_DESKTOP_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const isDesktopNow = () => window.matchMedia(SIDEBAR_DESKTOP_QUERY).matches;

/**
 * Open/collapsed state (docs/product.md §2): open by default on wide windows, re-evaluated when a resize crosses
 * 1024 px. Resizes that stay on one side (e.g. a mobile URL bar hiding) keep the user's choice.
 */
export function useSidebar() {
  const isDesktop = useSyncExternalStore(subscribe, isDesktopNow, () => true);
  const [open, setOpen] = useState(isDesktop);

  useEffect(() => setOpen(isDesktop), [isDesktop]);

  const toggle = useCallback(() => setOpen((o) => !o), []);
  const close = useCallback(() => setOpen(false), []);
  /** After picking something in the overlay (small screens), get out of the way. */
  const closeIfOverlay = useCallback(() => {
    if (!isDesktopNow()) setOpen(false);
  }, []);

  return { open, isDesktop, toggle, close, closeIfOverlay, setOpen };
}
