import type { BillingPeriod } from '#shared/plans';
import { apiRequest } from './api-client.ts';

/** The plans sold online (Enterprise to teams only). */
export type SoldPlan = 'starter' | 'pro' | 'enterprise';

/** A team's subscription: the team and its seats (default and minimum: its members). */
export interface TeamPurchase {
  organizationId: string;
  seats: number;
}

/**
 * POST /api/billing/checkout → the Stripe Checkout page's address: the caller's own subscription, or
 * with `team` the team's (owners and admins). The pricing page and the team page both start here.
 */
export async function startCheckout(
  plan: SoldPlan,
  period: BillingPeriod,
  team?: TeamPurchase,
): Promise<string> {
  const { data } = await apiRequest<{ url: string }>('/billing/checkout', {
    method: 'POST',
    body: { plan, period, ...team },
  });
  return data.url;
}

/** POST /api/billing/portal → the Stripe customer portal's address (the team's with `organizationId`). */
export async function openBillingPortal(organizationId?: string): Promise<string> {
  const { data } = await apiRequest<{ url: string }>('/billing/portal', {
    method: 'POST',
    ...(organizationId ? { body: { organizationId } } : {}),
  });
  return data.url;
}
