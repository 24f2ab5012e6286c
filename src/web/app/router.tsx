import { createBrowserRouter, Navigate } from 'react-router';
import { SERVICES } from '../../shared/services.ts';
import { LazyNotFound } from './routes/lazy-not-found';
import { ProtectedLayout } from './routes/protected-layout';
import { PublicLayout } from './routes/public-layout';
import { RouteFallback } from './routes/route-fallback';

/** Spec §2 route table. Pages load on demand so the first view only carries what it shows. */
export function createRouter() {
  return createBrowserRouter([
    {
      errorElement: <LazyNotFound />,
      hydrateFallbackElement: <RouteFallback />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('@/features/landing/components/landing-page')).LandingPage,
              }),
            },
            {
              path: 'subscription',
              lazy: async () => ({
                Component: (await import('@/features/pricing/components/pricing-page')).PricingPage,
              }),
            },
          ],
        },
        ...['signin', 'signup'].map((path) => ({
          path,
          lazy: async () => ({ Component: (await import('./routes/auth-route')).AuthRoute }),
        })),
        {
          path: 'services',
          element: <ProtectedLayout />,
          children: [
            { index: true, element: <Navigate to={SERVICES[0]!.path} replace /> },
            ...SERVICES.map((service) => ({
              path: service.slug,
              lazy: async () => ({
                Component: (await import('./routes/service-route')).ServiceRoute,
              }),
            })),
          ],
        },
        { path: '*', element: <LazyNotFound /> },
      ],
    },
  ]);
}
