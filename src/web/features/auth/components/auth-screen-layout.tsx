import type { ReactNode } from 'react';
import { Logo } from '#web/components/layout/logo.tsx';
import { ThemeToggle } from '#web/components/layout/theme-toggle.tsx';
import { AuthShowcase } from './auth-showcase.tsx';

interface AuthScreenLayoutProps {
  title: string;
  lead: ReactNode;
  children: ReactNode;
  /** Below the form (e.g. the link to the other mode). */
  footer?: ReactNode;
}

/**
 * The frame of the account screens without header and footer (docs/product.md §2): sign-in and sign-up,
 * forgot and reset password, the verification result. The showcase on wide screens, the form beside it.
 */
export function AuthScreenLayout({ title, lead, children, footer }: AuthScreenLayoutProps) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <AuthShowcase />
      <main className="flex flex-col px-5 py-6 sm:px-10">
        <div className="flex items-center justify-between">
          <Logo className="lg:invisible" />
          <ThemeToggle />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          <h1 className="font-semibold text-3xl tracking-tight">{title}</h1>
          <p className="mt-2 text-muted-foreground">{lead}</p>
          <div className="mt-8 grid gap-6">{children}</div>
          {footer ? <p className="mt-8 text-center text-muted-foreground text-sm">{footer}</p> : null}
        </div>
      </main>
    </div>
  );
}

/** The screens' text link style. */
export const AUTH_LINK_CLASS =
  'rounded font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
