import { Navigate, Route, Routes } from 'react-router';
import { TOOL_LIST } from '#shared/tools';
import { lazyWithPreload } from '#web/lib/lazy-with-preload.tsx';
import { LazyNotFound } from './routes/lazy-not-found.tsx';
import { PublicLayout } from './routes/public-layout.tsx';
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx';

// Pages load on demand so the first view only carries what it shows.
const LandingPage = lazyWithPreload(
  async () => (await import('#web/features/landing/components/landing-page.tsx')).LandingPage,
);
const PricingRoute = lazyWithPreload(async () => (await import('./routes/pricing-route.tsx')).PricingRoute);
const AuthRoute = lazyWithPreload(async () => (await import('./routes/auth-route.tsx')).AuthRoute);
const ForgotPasswordRoute = lazyWithPreload(
  async () => (await import('./routes/account-email-routes.tsx')).ForgotPasswordRoute,
);
const ResetPasswordRoute = lazyWithPreload(
  async () => (await import('./routes/account-email-routes.tsx')).ResetPasswordRoute,
);
const VerifyEmailRoute = lazyWithPreload(
  async () => (await import('./routes/account-email-routes.tsx')).VerifyEmailRoute,
);
const ProtectedLayout = lazyWithPreload(
  async () => (await import('./routes/protected-layout.tsx')).ProtectedLayout,
);
const ToolRoute = lazyWithPreload(async () => (await import('./routes/tool-route.tsx')).ToolRoute);
const AdminRoute = lazyWithPreload(async () => (await import('./routes/admin-route.tsx')).AdminRoute);
const ShareRoute = lazyWithPreload(async () => (await import('./routes/share-route.tsx')).ShareRoute);
const AccountRoute = lazyWithPreload(async () => (await import('./routes/account-route.tsx')).AccountRoute);
const TeamsRoute = lazyWithPreload(async () => (await import('./routes/account-route.tsx')).TeamsRoute);

/** docs/product.md §2 route table. Rendered inside a BrowserRouter (app.tsx) or a StaticRouter (prerender). */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<LandingPage />} />
          <Route path="subscription" element={<PricingRoute />} />
          <Route path="accept-invitation/:id" element={<TeamsRoute />} />
        </Route>
        <Route path="signin" element={<AuthRoute />} />
        <Route path="signup" element={<AuthRoute />} />
        <Route path="forgot-password" element={<ForgotPasswordRoute />} />
        <Route path="reset-password" element={<ResetPasswordRoute />} />
        <Route path="verify-email" element={<VerifyEmailRoute />} />
        <Route path="share/:token" element={<ShareRoute />} />
        <Route path="services" element={<ProtectedLayout preload={ToolRoute.preload} />}>
          <Route index element={<Navigate to={TOOL_LIST[0]!.path} replace />} />
          {TOOL_LIST.map((tool) => (
            <Route key={tool.slug} path={tool.slug} element={<ToolRoute />} />
          ))}
        </Route>
        <Route path="admin" element={<ProtectedLayout adminOnly preload={AdminRoute.preload} />}>
          <Route index element={<AdminRoute />} />
        </Route>
        <Route path="account" element={<ProtectedLayout preload={AccountRoute.preload} />}>
          <Route index element={<AccountRoute />} />
        </Route>
        <Route path="team" element={<ProtectedLayout preload={TeamsRoute.preload} />}>
          <Route index element={<TeamsRoute />} />
        </Route>
        <Route path="*" element={<LazyNotFound />} />
      </Routes>
    </RouteErrorBoundary>
  );
}
