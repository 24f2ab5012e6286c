import { eq } from 'drizzle-orm';
import { isLive } from '#server/billing/subscription-change';
import type { Db } from '#server/db/client';
import { organizationPlan } from '#server/db/schema';

/** The most members a team without paid seats may have (better-auth's own default). */
export const DEFAULT_TEAM_SIZE = 100;

/**
 * better-auth's `membershipLimit` (ADR 0026): a team with a live Stripe subscription has the seats it
 * pays for, and an invitation past them cannot be accepted until an owner adds seats in the portal;
 * any other team has DEFAULT_TEAM_SIZE.
 */
export function teamMembershipLimit(db: Db) {
  return async (_user: unknown, team: { id: string }): Promise<number> => {
    const [row] = await db
      .select({
        seats: organizationPlan.seats,
        subscriptionId: organizationPlan.stripeSubscriptionId,
        status: organizationPlan.subscriptionStatus,
      })
      .from(organizationPlan)
      .where(eq(organizationPlan.organizationId, team.id));
    return row?.subscriptionId && isLive(row.status) && row.seats ? row.seats : DEFAULT_TEAM_SIZE;
  };
}
