import { ExternalLink } from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import type { User } from '#shared/user';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { cn } from '#web/lib/cn.ts';
import { ContactDropdown, ToolsDropdown } from './header-dropdowns.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { BLOG_LINK, EXTERNAL_LINK_PROPS, PRIMARY_LINKS } from './nav-items.ts';
import { ThemeToggle } from './theme-toggle.tsx';

/** Only a signed-in person has the menu: a visitor's first view does not load it. */
const UserMenu = lazy(async () => ({ default: (await import('./user-menu.tsx')).UserMenu }));

export interface HeaderAccount {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: User | null;
}

/** Where the workspace switcher sits: beside the avatar, or in the small-screen menu. */
export type WorkspacePlacement = 'header' | 'menu';

export interface HeaderProps {
  account: HeaderAccount;
  onSignOut: () => void;
  /** The signed-in user's workspace switcher (composed by the app: it is a feature's). */
  renderWorkspace?: (placement: WorkspacePlacement, onDone?: () => void) => ReactNode;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex h-10 items-center rounded-lg px-3 font-medium text-sm transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
  );

export function Header({ account, onSignOut, renderWorkspace }: HeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-border/70 border-b bg-background/80 backdrop-blur-lg supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:gap-4 lg:px-8">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-0.5 lg:flex">
          {PRIMARY_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <ToolsDropdown />
          <a href={BLOG_LINK.href} {...EXTERNAL_LINK_PROPS} className={navLinkClass({ isActive: false })}>
            {BLOG_LINK.label}
            <ExternalLink className="ml-1 size-3.5" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <ContactDropdown />
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle className="max-lg:hidden" />
          <div className="hidden items-center gap-2 lg:flex">
            <AccountControl account={account} onSignOut={onSignOut} renderWorkspace={renderWorkspace} />
          </div>
          <MobileMenu account={account} onSignOut={onSignOut} renderWorkspace={renderWorkspace} />
        </div>
      </div>
    </header>
  );
}

function AccountControl({ account, onSignOut, renderWorkspace }: HeaderProps) {
  const loading = <Skeleton shape="circle" className="size-9" role="status" aria-label="Loading account" />;
  if (account.status === 'loading') return loading;
  if (account.status === 'signed-in' && account.user)
    return (
      <>
        {renderWorkspace?.('header')}
        <Suspense fallback={loading}>
          <UserMenu user={account.user} onSignOut={onSignOut} />
        </Suspense>
      </>
    );
  return (
    <Button asChild size="compact" className="whitespace-nowrap">
      <Link to="/signin">Sign In</Link>
    </Button>
  );
}
