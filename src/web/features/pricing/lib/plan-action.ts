import { type BillingPeriod, type Plan, planName } from '#shared/plans';
import type { BillingConfig } from '#web/lib/server-config.ts';

/** What a plan card's button does, decided from the server's billing settings and the visitor. */
export type PlanAction =
  | { kind: 'checkout'; plan: 'starter' | 'pro'; period: BillingPeriod }
  /** Sign up first, then come back to `returnTo`, which starts the checkout. */
  | { kind: 'sign-up'; returnTo: { pathname: string; search: string } }
  | { kind: 'mail'; href: string }
  /** Enterprise sold online: it is bought for a team, on the team page (ADR 0026). */
  | { kind: 'team'; to: { pathname: string; search: string } }
  /** Nothing to buy here: say why (a visitor is offered the free sign-up beside it). */
  | { kind: 'notice'; title: string; description: string; offerSignUp?: boolean };

export const PAYMENT_OFF_NOTICE = {
  title: 'Online payment is not set up on this server',
  description: 'An administrator assigns plans: ask yours to move you to another plan.',
} as const;

/** The query the pricing page reads after sign-up to start the chosen checkout. */
export function checkoutSearch(plan: string, period: BillingPeriod): string {
  return `?${new URLSearchParams({ plan, period })}`;
}

/** The plan and period a `?plan=…&period=…` address asks to buy, if it names a plan sold online. */
export function requestedCheckout(search: string): { plan: 'starter' | 'pro'; period: BillingPeriod } | null {
  const params = new URLSearchParams(search);
  const plan = params.get('plan');
  const period = params.get('period');
  if ((plan !== 'starter' && plan !== 'pro') || (period !== 'monthly' && period !== 'yearly')) return null;
  return { plan, period };
}

export function planAction(
  plan: Pick<Plan, 'id'>,
  period: BillingPeriod,
  signedIn: boolean,
  billing: BillingConfig,
): PlanAction {
  if (plan.id === 'enterprise') {
    if (billing.enabled && billing.offers.enterprise?.[period]) {
      const to = { pathname: '/team', search: checkoutSearch(plan.id, period) };
      return signedIn ? { kind: 'team', to } : { kind: 'sign-up', returnTo: to };
    }
    if (billing.salesEmail) {
      const subject = encodeURIComponent('Draftsmith Enterprise');
      return { kind: 'mail', href: `mailto:${billing.salesEmail}?subject=${subject}` };
    }
    return {
      kind: 'notice',
      title: 'Enterprise is arranged with this server’s administrator',
      description: 'No sales address is set up here: ask your administrator to move you to Enterprise.',
    };
  }
  if (!billing.enabled) return { kind: 'notice', ...PAYMENT_OFF_NOTICE, offerSignUp: !signedIn };
  if (!billing.offers[plan.id][period]) {
    const other = period === 'monthly' ? 'yearly' : 'monthly';
    return {
      kind: 'notice',
      title: `${planName(plan.id)} is not sold with ${period} billing here`,
      description: billing.offers[plan.id][other]
        ? `Switch to ${other} billing to buy it online.`
        : 'An administrator assigns this plan.',
    };
  }
  if (!signedIn) {
    return {
      kind: 'sign-up',
      returnTo: { pathname: '/subscription', search: checkoutSearch(plan.id, period) },
    };
  }
  return { kind: 'checkout', plan: plan.id, period };
}
