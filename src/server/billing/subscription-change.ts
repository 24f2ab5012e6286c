import type Stripe from 'stripe';
import { type BillingSettings, SOLD_PLANS, type SoldPlan } from '#server/config/billing-settings';
import type { PlanId } from '#shared/plans';

/**
 * What one Stripe event means for a user's plan, read from the event alone (no call back to Stripe), so
 * that handling it is one database transaction. How it is applied — in order, once — is the billing
 * repository's (billing-repository.ts).
 */
export interface SubscriptionChange {
  kind: 'checkout' | 'update' | 'delete';
  /** The Stripe customer the subscription belongs to. */
  customerId: string;
  /** Our user id when the event names it (the checkout's client_reference_id, our metadata). */
  userId: string | null;
  /** The team the subscription is for (our metadata), or null: a person's. */
  organizationId: string | null;
  /** The subscription's quantity: a team's seats (null when the event does not carry it). */
  seats: number | null;
  subscriptionId: string;
  /** The plan the user is on after this event: a sold plan while the subscription is live, else free. */
  plan: PlanId;
  /** Stripe's subscription status. */
  status: string;
  /** The current billing period; null when the event does not carry it (a checkout). */
  period: { start: Date; end: Date } | null;
  cancelAtPeriodEnd: boolean;
  /** When Stripe created the event: an older one arriving later must not undo a newer one. */
  eventAt: Date;
}

/** Statuses in which the subscription's plan is in force (past_due: Stripe is still retrying the payment). */
const LIVE = new Set(['active', 'trialing', 'past_due']);
/**
 * A status that changes nothing: the first payment is still pending (a completed checkout or the
 * subscription's activation follows). Any other status outside LIVE (paused after a trial without a
 * payment method, unpaid, canceled, incomplete_expired) is the free plan.
 */
const PENDING = new Set(['incomplete']);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const isSoldPlan = (value: unknown): value is SoldPlan =>
  typeof value === 'string' && (SOLD_PLANS as readonly string[]).includes(value);

const fromSeconds = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/** The subscription's period: on its items in current API versions, on the subscription in older ones. */
function periodOf(subscription: Stripe.Subscription): { start: Date; end: Date } | null {
  const item = subscription.items?.data?.[0] as
    | (Stripe.SubscriptionItem & { current_period_start?: number; current_period_end?: number })
    | undefined;
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  const start = fromSeconds(item?.current_period_start ?? legacy.current_period_start);
  const end = fromSeconds(item?.current_period_end ?? legacy.current_period_end);
  return start && end ? { start, end } : null;
}

/** The sold plan a subscription is for: its price (one of ours), else the plan our checkout wrote in its metadata. */
function planOf(subscription: Stripe.Subscription, settings: BillingSettings): SoldPlan | null {
  for (const item of subscription.items?.data ?? []) {
    const sold = settings.planOfPrice(item.price?.id ?? '');
    if (sold) return sold.plan;
  }
  const fromMetadata = subscription.metadata?.plan;
  return isSoldPlan(fromMetadata) ? fromMetadata : null;
}

/**
 * The change an event makes, or a reason it makes none (an event type or a checkout Draftsmith does not
 * act on, a subscription for a price it does not sell).
 */
export function subscriptionChange(
  event: Stripe.Event,
  settings: BillingSettings,
): SubscriptionChange | { ignored: string } {
  const eventAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      const customerId = idOf(session.customer);
      const plan = session.metadata?.plan;
      if (session.mode !== 'subscription' || !subscriptionId || !customerId) {
        return { ignored: 'not a subscription checkout' };
      }
      if (!isSoldPlan(plan))
        return { ignored: 'not a checkout Draftsmith started (no plan in its metadata)' };
      const organizationId = session.metadata?.organizationId ?? null;
      return {
        kind: 'checkout',
        customerId,
        userId: organizationId ? null : (session.client_reference_id ?? session.metadata?.uid ?? null),
        organizationId,
        seats: null,
        subscriptionId,
        plan,
        status: 'active',
        period: null,
        cancelAtPeriodEnd: false,
        eventAt,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const customerId = idOf(subscription.customer);
      if (!customerId) return { ignored: 'no customer' };
      const deleted = event.type === 'customer.subscription.deleted';
      if (!deleted && PENDING.has(subscription.status)) return { ignored: `status ${subscription.status}` };
      const plan = planOf(subscription, settings);
      if (!plan && !deleted) return { ignored: 'a price Draftsmith does not sell' };
      const live = !deleted && LIVE.has(subscription.status);
      return {
        kind: deleted ? 'delete' : 'update',
        customerId,
        userId: subscription.metadata?.uid ?? null,
        organizationId: subscription.metadata?.organizationId ?? null,
        seats: subscription.items?.data?.[0]?.quantity ?? null,
        subscriptionId: subscription.id,
        plan: live && plan ? plan : 'free',
        status: deleted ? 'canceled' : subscription.status,
        period: live ? periodOf(subscription) : null,
        cancelAtPeriodEnd: live && subscription.cancel_at_period_end === true,
        eventAt,
      };
    }
    default:
      return { ignored: `event type ${event.type}` };
  }
}

/** What the profile holds of the subscription its plan comes from. */
export interface StoredSubscription {
  subscriptionId: string | null;
  status: string | null;
  /** When Stripe created the last subscription event applied (null: none yet, or only a checkout). */
  eventAt: Date | null;
}

/** Why an event changes nothing, for the log (the event still counts as handled). */
export type SkipReason = 'stale' | 'other subscription';

/** A subscription in this status holds its plan (and a new checkout would start a second one). */
export const isLive = (status: string | null) => status !== null && LIVE.has(status);

/**
 * Whether `change` applies on top of what is stored, and the event time to store with it. Events may
 * arrive in any order:
 * - a checkout carries no state of its own (no period, no cancellation): it only introduces a new
 *   subscription, and leaves the event time unset so the subscription's own events, which Stripe
 *   creates a moment earlier, still apply after it;
 * - for the stored subscription, an event older than the last one applied is stale, and an ended
 *   subscription never comes back;
 * - another subscription of the same customer takes over only when it is live or the stored one is
 *   not (a stray unpaid or expired one leaves a paid plan alone), and its deletion changes nothing.
 * Two events of one subscription created in the same second apply in arrival order.
 */
export function applicability(
  stored: StoredSubscription,
  change: SubscriptionChange,
): { apply: true; eventAt: Date | null } | { apply: false; reason: SkipReason } {
  const same = stored.subscriptionId === change.subscriptionId;
  if (change.kind === 'checkout') {
    return same ? { apply: false, reason: 'stale' } : { apply: true, eventAt: null };
  }
  if (!same) {
    if (stored.subscriptionId === null) return { apply: true, eventAt: change.eventAt };
    if (change.kind === 'delete') return { apply: false, reason: 'other subscription' };
    if (change.plan === 'free' && isLive(stored.status))
      return { apply: false, reason: 'other subscription' };
    return { apply: true, eventAt: change.eventAt };
  }
  if (stored.status === 'canceled' && change.kind !== 'delete') return { apply: false, reason: 'stale' };
  if (stored.eventAt && change.eventAt < stored.eventAt) return { apply: false, reason: 'stale' };
  return { apply: true, eventAt: change.eventAt };
}
