import { useAuth } from '#web/features/auth/lib/auth-store.ts';
import { PricingPage } from '#web/features/pricing/components/pricing-page.tsx';

/** /subscription: the pricing page, with a signed-in visitor's current plan marked (none while loading or signed out). */
export function PricingRoute() {
  const { state } = useAuth();
  return <PricingPage currentPlan={state.status === 'signed-in' ? state.user.subscription : null} />;
}
