import { ExternalLink, LogOut, ShieldCheck, UserRound, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { ToolIcon } from '#web/components/tool-icon.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';
import { ContactIcon } from './contact-icons.tsx';
import type { HeaderProps } from './header.tsx';
import { Logo } from './logo.tsx';
import { BLOG_LINK, CONTACT_LINKS, EXTERNAL_LINK_PROPS, PRIMARY_LINKS, TOOL_LINKS } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserAvatar } from './user-menu.tsx';

const rowClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex h-10 items-center gap-3 rounded-lg px-3 font-medium text-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive && 'bg-muted text-foreground',
  );

export interface MobileMenuSheetProps extends HeaderProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button lives outside this lazily loaded Dialog, so focus goes back to it by hand. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The side sheet of the small-screen menu; loaded on first open (Radix Dialog stays off the first view). */
export function MobileMenuSheet({
  account,
  onSignOut,
  renderWorkspace,
  open,
  onOpenChange,
  returnFocusTo,
}: MobileMenuSheetProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-sm data-[state=open]:animate-fade-in lg:hidden" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,100vw)] flex-col border-border border-l bg-background shadow-2xl outline-none data-[state=open]:animate-sheet-in lg:hidden"
        >
          <div className="flex h-16 items-center justify-between border-border border-b px-4">
            <Logo />
            <Dialog.Close
              aria-label="Close menu"
              className="inline-flex size-10 items-center justify-center rounded-lg hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">Menu</Dialog.Title>
          <Dialog.Description className="sr-only">Site navigation, theme and account</Dialog.Description>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-3 py-4">
            {PRIMARY_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} end onClick={close} className={rowClass}>
                {link.label}
              </NavLink>
            ))}
            <p className="mt-4 mb-1 px-3 font-semibold text-muted-foreground text-xs uppercase tracking-wider">
              Services
            </p>
            {TOOL_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} onClick={close} className={rowClass}>
                <ToolIcon slug={link.slug} className="size-4 text-primary" />
                {link.label}
              </NavLink>
            ))}
            {account.status === 'signed-in' && account.user ? renderWorkspace?.('menu', close) : null}
            {account.status === 'signed-in' && account.user ? (
              <NavLink to="/account" onClick={close} className={(state) => cn(rowClass(state), 'mt-4')}>
                <UserRound className="size-4 text-primary" aria-hidden />
                Account
              </NavLink>
            ) : null}
            {account.status === 'signed-in' && account.user?.admin === true ? (
              <NavLink to="/admin" onClick={close} className={rowClass}>
                <ShieldCheck className="size-4 text-primary" aria-hidden />
                Administration
              </NavLink>
            ) : null}
            <a
              href={BLOG_LINK.href}
              {...EXTERNAL_LINK_PROPS}
              className={cn(rowClass({ isActive: false }), 'mt-4')}
            >
              {BLOG_LINK.label}
              <ExternalLink className="size-3.5 text-muted-foreground" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <p className="mt-4 mb-1 px-3 font-semibold text-muted-foreground text-xs uppercase tracking-wider">
              Contact
            </p>
            <ul className="flex flex-wrap gap-1 px-1">
              {CONTACT_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    {...EXTERNAL_LINK_PROPS}
                    aria-label={`${link.label} (opens in a new tab)`}
                    className="inline-flex size-10 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <ContactIcon href={link.href} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
            <div className="mt-4 border-border border-t pt-4">
              <ThemeToggle withLabel />
            </div>
          </nav>
          <div className="border-border border-t p-4">
            {account.status === 'signed-in' && account.user ? (
              <div className="flex items-center gap-3">
                <UserAvatar user={account.user} className="size-10" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-sm">{account.user.displayName}</p>
                  <p className="truncate text-muted-foreground text-xs">{account.user.email}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    close();
                    onSignOut();
                  }}
                >
                  <LogOut className="size-4" aria-hidden />
                  Sign Out
                </Button>
              </div>
            ) : (
              <Button asChild className="w-full">
                <Link to="/signin" onClick={close}>
                  Sign In
                </Link>
              </Button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
