import Stripe from 'stripe';
import { type BillingSettings, PERSONAL_PLANS, type SoldPlan } from '#server/config/billing-settings';
import { AppError } from '#server/errors';
import { accountGone } from '#server/users/users-repository';
import type { BillingPeriod } from '#shared/plans';
import { planName } from '#shared/plans';
import type { BillingRepository } from './billing-repository.ts';
import { isLive, subscriptionChange } from './subscription-change.ts';

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The Stripe client; `apiUrl` (STRIPE_API_URL) points it at another host, such as the tests' fake. */
export function createStripeClient(secretKey: string, apiUrl: string | undefined): Stripe {
  const url = apiUrl ? new URL(apiUrl) : null;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    ...(url
      ? { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Draftsmith' },
  });
}

const providerDown = (cause: unknown) =>
  new AppError('bad_gateway:billing', 'The payment provider did not answer. Please try again in a moment.', {
    cause,
  });

/** A Stripe call: its failure is the provider's (502), never a 500 of ours. */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw providerDown(err);
  }
}

/**
 * Stripe subscriptions: Checkout to subscribe, the customer portal to manage, and the webhook that sets
 * the plan (ADR 0018: the `stripe` package directly; better-auth's Stripe plugin does not handle each
 * event once nor tolerate events out of order).
 */
export function createStripeBilling(deps: {
  settings: BillingSettings;
  stripe: Stripe;
  repository: BillingRepository;
  log: Logger;
  /** A subscription changed a plan (or a team's seats): the plans remembered for admissions are read again. */
  plansChanged?: () => void;
}) {
  const { settings, stripe, repository, log } = deps;

  async function customerFor(userId: string): Promise<{ customerId: string; subscribed: boolean }> {
    const account = await repository.account(userId);
    if (!account) throw accountGone();
    if (account.customerId)
      return { customerId: account.customerId, subscribed: isLive(account.subscriptionStatus) };
    const customer = await callStripe(() =>
      stripe.customers.create(
        { email: account.email, name: account.name, metadata: { uid: userId } },
        // Two checkouts started at once make one customer.
        { idempotencyKey: `draftsmith-customer-${userId}` },
      ),
    );
    return { customerId: await repository.saveCustomer(userId, customer.id), subscribed: false };
  }

  async function customerForTeam(organizationId: string, billingEmail: string) {
    const team = await repository.team(organizationId);
    if (!team) throw new AppError('not_found:organization', 'No such team.');
    if (team.customerId)
      return { customerId: team.customerId, subscribed: isLive(team.subscriptionStatus), team };
    const customer = await callStripe(() =>
      stripe.customers.create(
        { email: billingEmail, name: team.name, metadata: { organizationId } },
        { idempotencyKey: `draftsmith-team-customer-${organizationId}` },
      ),
    );
    return {
      customerId: await repository.saveTeamCustomer(organizationId, customer.id),
      subscribed: false,
      team,
    };
  }

  /** The price of a sold plan and period, or 400 when this server has none. */
  function priceFor(plan: SoldPlan, period: BillingPeriod): string {
    const price = settings.priceOf(plan, period);
    if (!price) {
      throw new AppError(
        'bad_request:billing',
        `The ${planName(plan)} plan is not sold with ${period} billing on this server.`,
      );
    }
    return price;
  }

  /**
   * A Checkout session for a subscription of `customerId` (409 while it has a live one, in our records or
   * in Stripe's own list: a subscription paid a moment ago may not have reached us as an event yet).
   */
  async function startCheckout(options: {
    customerId: string;
    subscribed: boolean;
    price: string;
    quantity: number;
    reference: string;
    metadata: Record<string, string>;
    returnPath: string;
    baseUrl: string;
  }): Promise<string> {
    const { customerId, subscribed } = options;
    const existing = subscribed
      ? null
      : await callStripe(() => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }));
    if (subscribed || existing?.data.some((subscription) => isLive(subscription.status))) {
      throw new AppError(
        'conflict:subscription',
        'You already have a subscription. Change or cancel it with Manage subscription.',
      );
    }
    const session = await callStripe(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: options.reference,
        line_items: [{ price: options.price, quantity: options.quantity }],
        metadata: options.metadata,
        subscription_data: { metadata: options.metadata },
        allow_promotion_codes: true,
        success_url: `${options.baseUrl}${options.returnPath}?checkout=success`,
        cancel_url: `${options.baseUrl}${options.returnPath}?checkout=cancelled`,
      }),
    );
    if (!session.url) throw providerDown(new Error('Checkout session without a URL'));
    return session.url;
  }

  /** A customer portal session of `customer`, which sends the browser back to `returnUrl`. */
  async function portalSession(customer: string, returnUrl: string): Promise<string> {
    const session = await callStripe(() =>
      stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
    );
    return session.url;
  }

  return {
    /** A Checkout session for `plan` billed per `period`; the browser is sent to its URL. */
    async checkout(userId: string, plan: SoldPlan, period: BillingPeriod, baseUrl: string): Promise<string> {
      if (!PERSONAL_PLANS.includes(plan)) {
        throw new AppError(
          'bad_request:billing',
          'The Enterprise plan is for teams: subscribe your team from its page.',
        );
      }
      const price = priceFor(plan, period);
      const { customerId, subscribed } = await customerFor(userId);
      return startCheckout({
        customerId,
        subscribed,
        price,
        quantity: 1,
        reference: userId,
        metadata: { uid: userId, plan, period },
        returnPath: '/subscription',
        baseUrl,
      });
    },

    /**
     * A Checkout session for a team (ADR 0026): `seats` seats (at least one per member), the
     * subscription's quantity, which the team's owners change later in the portal. `billingEmail` is the
     * address of whoever subscribes, for the customer's receipts.
     */
    async teamCheckout(
      organizationId: string,
      billingEmail: string,
      plan: SoldPlan,
      period: BillingPeriod,
      seats: number | undefined,
      baseUrl: string,
    ): Promise<string> {
      const price = priceFor(plan, period);
      const { customerId, subscribed, team } = await customerForTeam(organizationId, billingEmail);
      const quantity = Math.max(seats ?? team.members, team.members, 1);
      return startCheckout({
        customerId,
        subscribed,
        price,
        quantity,
        reference: `team:${organizationId}`,
        metadata: { organizationId, plan, period },
        returnPath: '/team',
        baseUrl,
      });
    },

    /** A customer portal session (change plan, payment method, cancel) for a user who has subscribed. */
    async portal(userId: string, baseUrl: string): Promise<string> {
      const account = await repository.account(userId);
      if (!account?.customerId) {
        throw new AppError('not_found:billing', 'You have no subscription to manage yet.');
      }
      return portalSession(account.customerId, `${baseUrl}/subscription`);
    },

    /** The portal for a team's subscription (its seats, plan, payment method, cancellation). */
    async teamPortal(organizationId: string, baseUrl: string): Promise<string> {
      const team = await repository.team(organizationId);
      if (!team?.customerId) {
        throw new AppError('not_found:billing', 'This team has no subscription to manage yet.');
      }
      return portalSession(team.customerId, `${baseUrl}/team`);
    },

    /**
     * Verifies a webhook delivery on its raw body (400 when the signature is not Stripe's) and handles
     * its event once. A database failure propagates (500), so Stripe delivers the event again.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (err) {
        log.warn({ err }, 'billing: webhook refused');
        throw new AppError('bad_request:signature', 'The webhook signature is not valid.');
      }
      let change: ReturnType<typeof subscriptionChange>;
      try {
        change = subscriptionChange(event, settings);
      } catch (err) {
        // Signed by Stripe but not shaped as its type says: recorded, so it is not delivered for days.
        log.warn({ err, event: event.id, type: event.type }, 'billing: webhook event not understood');
        change = { ignored: 'malformed event' };
      }
      const outcome = await repository.handleEvent(event, 'ignored' in change ? null : change);
      if (outcome !== 'duplicate' && outcome !== 'recorded') deps.plansChanged?.();
      const detail =
        'ignored' in change ? { ignored: change.ignored } : { plan: change.plan, status: change.status };
      log.info({ event: event.id, type: event.type, outcome, ...detail }, 'billing: webhook event');
    },
  };
}

export type StripeBilling = ReturnType<typeof createStripeBilling>;
