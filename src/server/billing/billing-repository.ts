import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { billingEvent, member, organization, organizationPlan, profile, user } from '#server/db/schema';
import { applicability, type SkipReason, type SubscriptionChange } from './subscription-change.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the billing routes need to know of a user. */
export interface BillingAccount {
  email: string;
  name: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** Stripe's status of the user's subscription (null: never subscribed online). */
  subscriptionStatus: string | null;
}

/** What became of an event (logged): applied, already handled, or recorded without effect. */
export type ApplyOutcome = 'applied' | 'duplicate' | 'unknown customer' | SkipReason;

/**
 * Billing state in the database: each user's Stripe customer and subscription (on the profile) and the
 * webhook events handled (`billing_event`). An event's effect and its record are one transaction: a
 * redelivered event finds its record and does nothing, and an event whose effect failed is not recorded,
 * so Stripe's retry applies it.
 */
/** The subscription's state after `change`, as the profile and a team's plan row both hold it. */
const subscriptionState = (change: SubscriptionChange, eventAt: Date | null) => ({
  subscription: change.plan,
  stripeCustomerId: change.customerId,
  stripeSubscriptionId: change.subscriptionId,
  subscriptionStatus: change.status,
  periodStart: change.period?.start ?? null,
  periodEnd: change.period?.end ?? null,
  cancelAtPeriodEnd: change.cancelAtPeriodEnd,
  billingEventAt: eventAt,
});

export function createBillingRepository(db: Db) {
  /**
   * A team's subscription (ADR 0026): the team's plan row, found by its customer or, before the
   * customer is recorded, by the team the event names. Its quantity is the team's seats.
   */
  async function applyTeamChange(tx: Tx, change: SubscriptionChange): Promise<ApplyOutcome | null> {
    const columns = {
      organizationId: organizationPlan.organizationId,
      subscriptionId: organizationPlan.stripeSubscriptionId,
      status: organizationPlan.subscriptionStatus,
      eventAt: organizationPlan.billingEventAt,
    };
    let [row] = await tx
      .select(columns)
      .from(organizationPlan)
      .where(eq(organizationPlan.stripeCustomerId, change.customerId))
      .for('update');
    if (!row && change.organizationId) {
      [row] = await tx
        .select(columns)
        .from(organizationPlan)
        .where(
          and(
            eq(organizationPlan.organizationId, change.organizationId),
            isNull(organizationPlan.stripeCustomerId),
          ),
        )
        .for('update');
    }
    if (!row) return change.organizationId ? 'unknown customer' : null;
    const verdict = applicability(row, change);
    if (!verdict.apply) return verdict.reason;
    await tx
      .update(organizationPlan)
      .set({
        ...subscriptionState(change, verdict.eventAt),
        ...(change.seats !== null ? { seats: change.seats } : {}),
        updatedAt: new Date(),
      })
      .where(eq(organizationPlan.organizationId, row.organizationId));
    return 'applied';
  }

  async function applyChange(tx: Tx, change: SubscriptionChange): Promise<ApplyOutcome> {
    const forTeam = await applyTeamChange(tx, change);
    if (forTeam !== null) return forTeam;
    const columns = {
      userId: profile.userId,
      customerId: profile.stripeCustomerId,
      subscriptionId: profile.stripeSubscriptionId,
      status: profile.subscriptionStatus,
      eventAt: profile.billingEventAt,
    };
    let [row] = await tx
      .select(columns)
      .from(profile)
      .where(eq(profile.stripeCustomerId, change.customerId))
      .for('update');
    if (!row && change.userId) {
      // The customer is not recorded yet (the checkout's answer was lost): the event names our user.
      [row] = await tx
        .select(columns)
        .from(profile)
        .where(and(eq(profile.userId, change.userId), isNull(profile.stripeCustomerId)))
        .for('update');
    }
    if (!row) return 'unknown customer';
    const verdict = applicability(row, change);
    if (!verdict.apply) return verdict.reason;
    await tx
      .update(profile)
      .set(subscriptionState(change, verdict.eventAt))
      .where(eq(profile.userId, row.userId));
    return 'applied';
  }

  return {
    async account(userId: string): Promise<BillingAccount | null> {
      const [row] = await db
        .select({
          email: user.email,
          name: user.name,
          customerId: profile.stripeCustomerId,
          subscriptionId: profile.stripeSubscriptionId,
          subscriptionStatus: profile.subscriptionStatus,
        })
        .from(user)
        .leftJoin(profile, eq(profile.userId, user.id))
        .where(eq(user.id, userId));
      return row ?? null;
    },

    /**
     * Records the user's Stripe customer unless one is recorded already; returns the one that is (two
     * checkouts at once create one customer: the Stripe call is idempotent per user).
     */
    async saveCustomer(userId: string, customerId: string): Promise<string> {
      return db.transaction(async (tx) => {
        await tx.insert(profile).values({ userId }).onConflictDoNothing();
        await tx
          .update(profile)
          .set({ stripeCustomerId: customerId })
          .where(and(eq(profile.userId, userId), isNull(profile.stripeCustomerId)));
        const [row] = await tx
          .select({ customerId: profile.stripeCustomerId })
          .from(profile)
          .where(eq(profile.userId, userId));
        return row?.customerId ?? customerId;
      });
    },

    /** What the billing routes need to know of a team: its customer, subscription and members. */
    async team(organizationId: string) {
      const [row] = await db
        .select({
          name: organization.name,
          customerId: organizationPlan.stripeCustomerId,
          subscriptionStatus: organizationPlan.subscriptionStatus,
          members: sql<number>`(select count(*)::int from ${member} where ${member.organizationId} = ${organization.id})`,
        })
        .from(organization)
        .leftJoin(organizationPlan, eq(organizationPlan.organizationId, organization.id))
        .where(eq(organization.id, organizationId));
      return row ?? null;
    },

    /** `saveCustomer` for a team: its plan row holds the customer. */
    async saveTeamCustomer(organizationId: string, customerId: string): Promise<string> {
      return db.transaction(async (tx) => {
        await tx.insert(organizationPlan).values({ organizationId }).onConflictDoNothing();
        await tx
          .update(organizationPlan)
          .set({ stripeCustomerId: customerId })
          .where(
            and(
              eq(organizationPlan.organizationId, organizationId),
              isNull(organizationPlan.stripeCustomerId),
            ),
          );
        const [row] = await tx
          .select({ customerId: organizationPlan.stripeCustomerId })
          .from(organizationPlan)
          .where(eq(organizationPlan.organizationId, organizationId));
        return row?.customerId ?? customerId;
      });
    },

    /** Handles a webhook event once: `change` (null for events that change nothing) applied with its record. */
    async handleEvent(
      event: { id: string; type: string },
      change: SubscriptionChange | null,
    ): Promise<ApplyOutcome | 'recorded'> {
      return db.transaction(async (tx) => {
        const [fresh] = await tx
          .insert(billingEvent)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: billingEvent.id });
        if (!fresh) return 'duplicate';
        return change ? applyChange(tx, change) : 'recorded';
      });
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
