import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { HeaderProps } from './header.tsx';

const loadSheet = () => import('./mobile-menu-sheet.tsx');
const MobileMenuSheet = lazy(async () => ({ default: (await loadSheet()).MobileMenuSheet }));

/** The small-screen menu button; the sheet's code arrives when the button is first approached. */
export function MobileMenu({ account, onSignOut, renderWorkspace }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The sheet is hidden from lg up; never leave it open (and focus-trapping) after a resize.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1024px)');
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:hidden"
      >
        <Menu className="size-5" aria-hidden />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet
            account={account}
            onSignOut={onSignOut}
            renderWorkspace={renderWorkspace}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
