import Stripe from 'stripe';
import { AppError } from '#server/errors';
import { accountGone } from '#server/users/users-repository';
import type { BillingPeriod } from '#shared/plans';
import { planName } from '#shared/plans';
import type { BillingRepository } from './billing-repository.ts';
import type { BillingSettings, SoldPlan } from './billing-settings.ts';
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

  return {
    /** A Checkout session for `plan` billed per `period`; the browser is sent to its URL. */
    async checkout(userId: string, plan: SoldPlan, period: BillingPeriod, baseUrl: string): Promise<string> {
      const price = settings.priceOf(plan, period);
      if (!price) {
        throw new AppError(
          'bad_request:billing',
          `The ${planName(plan)} plan is not sold with ${period} billing on this server.`,
        );
      }
      const { customerId, subscribed } = await customerFor(userId);
      // Stripe's own list too: a subscription paid a moment ago may not have reached us as an event yet.
      const existing = subscribed
        ? null
        : await callStripe(() =>
            stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }),
          );
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
          client_reference_id: userId,
          line_items: [{ price, quantity: 1 }],
          metadata: { uid: userId, plan, period },
          subscription_data: { metadata: { uid: userId, plan } },
          allow_promotion_codes: true,
          success_url: `${baseUrl}/subscription?checkout=success`,
          cancel_url: `${baseUrl}/subscription?checkout=cancelled`,
        }),
      );
      if (!session.url) throw providerDown(new Error('Checkout session without a URL'));
      return session.url;
    },

    /** A customer portal session (change plan, payment method, cancel) for a user who has subscribed. */
    async portal(userId: string, baseUrl: string): Promise<string> {
      const account = await repository.account(userId);
      if (!account?.customerId) {
        throw new AppError('not_found:billing', 'You have no subscription to manage yet.');
      }
      const customer = account.customerId;
      const session = await callStripe(() =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${baseUrl}/subscription` }),
      );
      return session.url;
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
      const detail =
        'ignored' in change ? { ignored: change.ignored } : { plan: change.plan, status: change.status };
      log.info({ event: event.id, type: event.type, outcome, ...detail }, 'billing: webhook event');
    },
  };
}

export type StripeBilling = ReturnType<typeof createStripeBilling>;
