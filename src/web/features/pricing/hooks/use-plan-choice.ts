import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { BillingPeriod, Plan } from '#shared/plans';
import type { User } from '#shared/user';
import { getBillingConfig } from '#web/features/pricing/api/billing.ts';
import { planAction, requestedCheckout } from '#web/features/pricing/lib/plan-action.ts';
import { openBillingPortal, startCheckout } from '#web/lib/billing-calls.ts';
import { notify } from '#web/lib/notify.ts';

/** How long the page waits for Stripe's event to change the plan after a successful checkout. */
const ACTIVATION_POLL_MS = 2000;
const ACTIVATION_TRIES = 15;

/** Off to a Stripe page or the mail client. */
const goTo = (url: string) => window.location.assign(url);

const failed = (error: unknown, title: string) =>
  notify.error(title, { description: error instanceof Error ? error.message : 'Please try again.' });

/**
 * The pricing page's actions: a plan button (Checkout, sign-up first, 'Contact sales', or a notice when
 * the server does not sell it), 'Manage subscription', and the return from Stripe (?checkout=…) or from
 * sign-up (?plan=…&period=…, which starts the chosen checkout).
 */
export function usePlanChoice(
  user: User | null,
  /** Reads the signed-in user again; resolves to their plan (null once signed out). */
  reloadPlan: () => Promise<string | null>,
  /**
   * Whether the visitor is signed in, once that is known: a plan chosen while the page still reads the
   * session (just after it loaded) waits for the answer instead of taking the visitor for a stranger.
   */
  signedInOnceKnown: () => Promise<boolean> = async () => user !== null,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const [pending, setPending] = useState<string | null>(null);
  const signedIn = user !== null;
  const subscribed = user?.billing?.managed === true && user.subscription !== 'free';

  const manage = useCallback(async () => {
    setPending('portal');
    try {
      goTo(await openBillingPortal());
    } catch (error) {
      setPending(null);
      failed(error, 'Could not open the subscription settings');
    }
  }, []);

  const checkout = useCallback(async (plan: 'starter' | 'pro', period: BillingPeriod) => {
    setPending(plan);
    try {
      goTo(await startCheckout(plan, period));
    } catch (error) {
      setPending(null);
      failed(error, 'Could not open the checkout');
    }
  }, []);

  const choose = useCallback(
    async (plan: Pick<Plan, 'id'>, period: BillingPeriod) => {
      setPending(plan.id);
      let billing: Awaited<ReturnType<typeof getBillingConfig>>;
      try {
        billing = await getBillingConfig();
      } catch (error) {
        setPending(null);
        return failed(error, 'Could not reach the server');
      }
      const action = planAction(plan, period, await signedInOnceKnown(), billing);
      // A subscriber changes plan in the portal: a second Checkout would start a second subscription.
      if (action.kind === 'checkout' && subscribed) return manage();
      if (action.kind === 'checkout') return checkout(action.plan, action.period);
      setPending(null);
      if (action.kind === 'sign-up') navigate('/signup', { state: { from: action.returnTo } });
      else if (action.kind === 'team') navigate(action.to);
      else if (action.kind === 'mail') goTo(action.href);
      else {
        notify.info(action.title, {
          description: action.description,
          action: action.offerSignUp
            ? { label: 'Sign up free', onClick: () => navigate('/signup') }
            : undefined,
        });
      }
    },
    [signedInOnceKnown, subscribed, navigate, checkout, manage],
  );

  // Back from Stripe with the browser's Back button: the page comes from the cache, still 'opening'.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  // Back from sign-up with the plan chosen before it, or back from Stripe.
  const handled = useRef(false);
  useEffect(() => {
    if (!signedIn || handled.current) return;
    const params = new URLSearchParams(location.search);
    const requested = requestedCheckout(location.search);
    const outcome = params.get('checkout');
    if (!requested && !outcome) return;
    handled.current = true;
    navigate({ pathname: location.pathname, search: '' }, { replace: true });
    if (requested) void checkout(requested.plan, requested.period);
    else if (outcome === 'cancelled')
      notify.info('Checkout cancelled', { description: 'Nothing was charged.' });
    else if (outcome === 'success') void awaitActivation(user?.subscription ?? 'free', reloadPlan);
  }, [signedIn, location.search, location.pathname, navigate, checkout, user?.subscription, reloadPlan]);

  return { pending, choose, manage };
}

/** Reloads the user until Stripe's event has changed the plan, then says so. */
async function awaitActivation(before: string, reloadPlan: () => Promise<string | null>) {
  notify.success('Thank you for subscribing', { description: 'Your new plan shows here in a moment.' });
  for (let i = 0; i < ACTIVATION_TRIES; i++) {
    await new Promise((resolve) => setTimeout(resolve, ACTIVATION_POLL_MS));
    const plan = await reloadPlan();
    if (plan === null) return;
    if (plan !== before) {
      notify.success('Your plan is active', { description: 'Enjoy your new generations.' });
      return;
    }
  }
}
