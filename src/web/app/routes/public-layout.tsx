import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from '#web/components/layout/footer.tsx';
import { AccountHeader } from './account-header.tsx';
import { RouteFallback } from './route-fallback.tsx';

/**
 * Header, page, footer. The auth state is read in the header alone: a change of it must not re-render
 * the page's Suspense boundary, which, while a prerendered page is still hydrating, would make React
 * drop the server HTML and render the page again from scratch.
 */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <AccountHeader />
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
