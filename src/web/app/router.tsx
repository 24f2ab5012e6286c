import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SERVICES } from '#shared/services';
import { LazyNotFound } from './routes/lazy-not-found.tsx';
import { PublicLayout } from './routes/public-layout.tsx';
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx';

// Pages load on demand so the first view only carries what it shows.
const LandingPage = lazy(async () => ({
  default: (await import('#web/features/landing/components/landing-page.tsx')).LandingPage,
}));
const PricingPage = lazy(async () => ({
  default: (await import('#web/features/pricing/components/pricing-page.tsx')).PricingPage,
}));
const AuthRoute = lazy(async () => ({ default: (await import('./routes/auth-route.tsx')).AuthRoute }));
const ProtectedLayout = lazy(async () => ({
  default: (await import('./routes/protected-layout.tsx')).ProtectedLayout,
}));
const ServiceRoute = lazy(async () => ({
  default: (await import('./routes/service-route.tsx')).ServiceRoute,
}));

/** docs/product.md §2 route table. Rendered inside a BrowserRouter (app.tsx) or a StaticRouter (prerender). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
          <Route path="subscription" element={<PricingPage />} />
        </Route>
        <Route path="signin" element={<AuthRoute />} />
        <Route path="signup" element={<AuthRoute />} />
        <Route path="services" element={<ProtectedLayout />}>
          <Route index element={<Navigate to={SERVICES[0]!.path} replace />} />
          {SERVICES.map((service) => (
            <Route key={service.slug} path={service.slug} element={<ServiceRoute />} />
          ))}
        </Route>
        <Route path="*" element={<LazyNotFound />} />
      </Routes>
    </RouteErrorBoundary>
  );
}
