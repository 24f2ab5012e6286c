import type { BillingPeriod } from '#shared/plans';
import { apiRequest } from '#web/lib/api-client.ts';

/** The plans a team can subscribe to online (each when the server has a price for it). */
export type TeamPlan = 'starter' | 'pro' | 'enterprise';

/**
 * POST /api/billing/checkout {plan, period, organizationId, seats} → the Stripe Checkout page's address
 * for the team's subscription (owners and admins), a seat per member at least.
 */
export async function startTeamCheckout(
  teamId: string,
  plan: TeamPlan,
  period: BillingPeriod,
  seats: number,
): Promise<string> {
  const { data } = await apiRequest<{ url: string }>('/billing/checkout', {
    method: 'POST',
    body: { plan, period, organizationId: teamId, seats },
  });
  return data.url;
}

/** POST /api/billing/portal {organizationId} → the team's customer portal (seats, plan, cancellation). */
export async function openTeamPortal(teamId: string): Promise<string> {
  const { data } = await apiRequest<{ url: string }>('/billing/portal', {
    method: 'POST',
    body: { organizationId: teamId },
  });
  return data.url;
}
