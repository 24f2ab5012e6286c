import { authStore, useAuth } from '#web/features/auth/lib/auth-store.ts';
import { usePricingConfig } from '#web/features/pricing/api/billing.ts';
import { PricingPage } from '#web/features/pricing/components/pricing-page.tsx';
import { usePlanChoice } from '#web/features/pricing/hooks/use-plan-choice.ts';

/** The signed-in user's plan, read again (after a checkout, until Stripe's event has set it). */
async function reloadPlan(): Promise<string | null> {
  await authStore.reloadUser();
  const state = authStore.getState();
  return state.status === 'signed-in' ? state.user.subscription : null;
}

/** Whether the visitor is signed in, once the session has been read (a click may come while it is). */
async function signedInOnceKnown(): Promise<boolean> {
  return (await authStore.settled()).status === 'signed-in';
}

/**
 * /subscription: the pricing page, with a signed-in visitor's current plan marked (none while loading or
 * signed out), its buttons wired to billing, and 'Manage subscription' for a subscription paid online.
 */
export function PricingRoute() {
  const { state } = useAuth();
  const user = state.status === 'signed-in' ? state.user : null;
  const { pending, choose, manage } = usePlanChoice(user, reloadPlan, signedInOnceKnown);
  const periodEnd = user?.usage?.periodEnd;
  const config = usePricingConfig();
  return (
    <PricingPage
      currentPlan={user?.subscription ?? null}
      onChoose={(plan, period) => void choose(plan, period)}
      pending={pending}
      subscription={
        user?.billing?.managed && periodEnd
          ? { cancelAtPeriodEnd: user.billing.cancelAtPeriodEnd, periodEnd }
          : null
      }
      onManage={() => void manage()}
      billingEnabled={config?.billing.enabled === true}
      freeGenerationsPerMonth={config?.freePlan?.generationsPerMonth ?? null}
    />
  );
}
