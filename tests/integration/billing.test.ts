import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/config';
import { billingEvent, generationUsage, profile } from '#server/db/schema';
import { createAccount, requestToken, TEST_ORIGIN } from '#tests/factories/account';
import {
  type FakeStripeServer,
  fakeStripeEnv,
  signedEvent,
  startFakeStripe,
  stripeEvent,
  stripeSubscription,
} from '#tests/fakes/stripe-server';
import { listen } from '#tests/helpers/generation-calls';
import { createTestApp, type TestApp } from '#tests/helpers/test-app';
import { testDatabaseKinds } from '#tests/helpers/test-database';

const OFF_MESSAGE = 'Online payment is not set up on this server. An administrator assigns plans.';

async function signedUp(app: FastifyInstance) {
  const account = await createAccount(app);
  const minted = await requestToken(app, account.cookie, account.email);
  const headers = { authorization: `Bearer ${minted.json().token}` };
  // The profile exists once the web app has called POST /api/users.
  await app.inject({ method: 'POST', url: '/api/users', headers, payload: {} });
  return { ...account, headers };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe('billing without Stripe', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { SALES_EMAIL: 'sales@example.test' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says online payment is off, in the config and on every billing call', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.billing).toEqual({
      enabled: false,
      offers: {
        starter: { monthly: false, yearly: false },
        pro: { monthly: false, yearly: false },
        enterprise: { monthly: false, yearly: false },
      },
      salesEmail: 'sales@example.test',
    });
    const user = await signedUp(t.app);
    for (const url of ['/api/billing/checkout', '/api/billing/portal']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: user.headers,
        payload: { plan: 'starter', period: 'monthly' },
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found:billing_off', message: OFF_MESSAGE });
    }
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      payload: { id: 'evt_1' },
    });
    expect(hook.statusCode).toBe(404);
  });

  it('refuses half a configuration at start', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(
      /STRIPE_PRICE/,
    );
    expect(() => loadConfig({ STRIPE_PRICE_PRO_MONTHLY: 'price_1' })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe.each(testDatabaseKinds())('billing with Stripe (%s)', (kind) => {
  let stripe: FakeStripeServer;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    const { STRIPE_PRICE_PRO_YEARLY: _notSold, ...env } = fakeStripeEnv(stripe.url);
    t = await createTestApp(kind, {
      ...env,
      STRIPE_PRICE_PRO_YEARLY: undefined,
      AUTH_RATE_LIMIT_PER_IP: '0',
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const post = (url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const deliver = (event: object) => {
    const { payload, headers } = signedEvent(event);
    return t.app.inject({ method: 'POST', url: '/api/billing/webhook', headers, payload });
  };
  const userOf = async (user: { uid: string; headers: Record<string, string> }) =>
    (await t.app.inject({ url: `/api/users/${user.uid}`, headers: user.headers })).json().user;
  const customerOf = async (uid: string) =>
    (await t.app.database.db.select().from(profile).where(eq(profile.userId, uid)))[0]?.stripeCustomerId ??
    null;

  /** A user who went through Checkout: a Stripe customer recorded, and `checkout.session.completed` delivered. */
  async function subscriber(plan: 'starter' | 'pro' = 'starter', created = seconds(new Date())) {
    const user = await signedUp(t.app);
    expect((await post('/api/billing/checkout', user.headers, { plan, period: 'monthly' })).statusCode).toBe(
      200,
    );
    const customer = (await customerOf(user.uid)) as string;
    const subscriptionId = `sub_${randomUUID().slice(0, 8)}`;
    const completed = stripeEvent(
      'checkout.session.completed',
      {
        id: `cs_${randomUUID().slice(0, 8)}`,
        object: 'checkout.session',
        mode: 'subscription',
        customer,
        subscription: subscriptionId,
        client_reference_id: user.uid,
        metadata: { uid: user.uid, plan, period: 'monthly' },
        payment_status: 'paid',
      },
      created,
    );
    expect((await deliver(completed)).statusCode).toBe(200);
    return { ...user, customer, subscriptionId, completed };
  }

  it('offers the configured plans and periods in the config', async () => {
    const config = (await t.app.inject({ url: '/api/config' })).json();
    expect(config.billing).toMatchObject({
      enabled: true,
      offers: { starter: { monthly: true, yearly: true }, pro: { monthly: true, yearly: false } },
      salesEmail: null,
    });
  });

  it('opens a Checkout session with the right price, customer and return addresses', async () => {
    const user = await signedUp(t.app);
    const before = stripe.requests.length;
    const res = await post('/api/billing/checkout', user.headers, { plan: 'starter', period: 'yearly' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));

    const sent = stripe.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'GET /v1/subscriptions',
      'POST /v1/checkout/sessions',
    ]);
    const [customer, , session] = sent;
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      idempotencyKey: `draftsmith-customer-${user.uid}`,
      authorization: 'Bearer sk_test_draftsmith_fake',
    });
    expect(customer?.body).toMatchObject({ email: user.email, name: user.name, 'metadata[uid]': user.uid });
    const customerId = await customerOf(user.uid);
    expect(customerId).toMatch(/^cus_/);
    expect(session?.path).toBe('/v1/checkout/sessions');
    expect(session?.body).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: user.uid,
      'line_items[0][price]': 'price_starter_yearly',
      'line_items[0][quantity]': '1',
      'metadata[plan]': 'starter',
      'metadata[period]': 'yearly',
      'subscription_data[metadata][uid]': user.uid,
      success_url: `${TEST_ORIGIN}/subscription?checkout=success`,
      cancel_url: `${TEST_ORIGIN}/subscription?checkout=cancelled`,
    });

    // A second checkout reuses the customer.
    const again = stripe.requests.length;
    await post('/api/billing/checkout', user.headers, { plan: 'pro', period: 'monthly' });
    expect(stripe.requests.slice(again).map((r) => r.path)).toEqual([
      '/v1/subscriptions',
      '/v1/checkout/sessions',
    ]);
    expect(stripe.requests.at(-1)?.body['line_items[0][price]']).toBe('price_pro_monthly');
  });

  it('makes one customer for checkouts started at once', async () => {
    const user = await signedUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/billing/checkout', user.headers, { plan: 'pro', period: 'monthly' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const customers = new Set(
      stripe.requests
        .filter((r) => r.path === '/v1/checkout/sessions' && r.body.client_reference_id === user.uid)
        .map((r) => r.body.customer),
    );
    expect(customers.size).toBe(1);
    expect([...customers][0]).toBe(await customerOf(user.uid));
  });

  it('refuses plans and periods that are not sold online', async () => {
    const user = await signedUp(t.app);
    for (const payload of [
      { plan: 'enterprise', period: 'monthly' },
      { plan: 'free', period: 'monthly' },
      { plan: 'starter', period: 'weekly' },
      { plan: 'starter' },
      {},
    ]) {
      const res = await post('/api/billing/checkout', user.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    const yearlyPro = await post('/api/billing/checkout', user.headers, { plan: 'pro', period: 'yearly' });
    expect(yearlyPro.statusCode).toBe(400);
    expect(yearlyPro.json().error).toEqual({
      code: 'bad_request:billing',
      message: 'The Pro plan is not sold with yearly billing on this server.',
    });
    expect((await post('/api/billing/checkout', {}, { plan: 'pro', period: 'monthly' })).statusCode).toBe(
      401,
    );
  });

  it('answers 502 when Stripe fails, and works once it is back', async () => {
    const user = await signedUp(t.app);
    stripe.failNext(3); // the first try and the client's two retries
    const down = await post('/api/billing/checkout', user.headers, { plan: 'starter', period: 'monthly' });
    expect(down.statusCode).toBe(502);
    expect(down.json().error.code).toBe('bad_gateway:billing');
    const back = await post('/api/billing/checkout', user.headers, { plan: 'starter', period: 'monthly' });
    expect(back.statusCode).toBe(200);
  }, 20_000);

  it('opens the customer portal for a customer, and says there is nothing to manage otherwise', async () => {
    const user = await signedUp(t.app);
    const none = await post('/api/billing/portal', user.headers);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toEqual({
      code: 'not_found:billing',
      message: 'You have no subscription to manage yet.',
    });
    await post('/api/billing/checkout', user.headers, { plan: 'starter', period: 'monthly' });
    const portal = await post('/api/billing/portal', user.headers);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
    expect(stripe.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      body: { customer: await customerOf(user.uid), return_url: `${TEST_ORIGIN}/subscription` },
    });
  });

  it('refuses a webhook whose signature is missing, wrong or for another body', async () => {
    const event = stripeEvent('customer.subscription.updated', {}, seconds(new Date()));
    const { payload, headers } = signedEvent(event);
    const calls = [
      { headers: { 'content-type': 'application/json' }, payload },
      { headers: signedEvent(event, 'whsec_someone_else').headers, payload },
      { headers, payload: payload.replace('"livemode":false', '"livemode":true') },
      { headers: { ...headers, 'stripe-signature': 't=1,v1=abc' }, payload },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ method: 'POST', url: '/api/billing/webhook', ...call });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'bad_request:signature',
        message: 'The webhook signature is not valid.',
      });
    }
    const [recorded] = await t.app.database.db
      .select()
      .from(billingEvent)
      .where(eq(billingEvent.id, event.id));
    expect(recorded).toBeUndefined();
  });

  it('sets the plan from a completed checkout, and a replayed event changes nothing', async () => {
    const user = await subscriber('starter');
    expect(await userOf(user)).toMatchObject({
      subscription: 'starter',
      usage: { limit: 100 },
      billing: { managed: true, cancelAtPeriodEnd: false },
    });
    // An administrator moves the user to free; Stripe delivers the old event again.
    await t.app.database.db.update(profile).set({ subscription: 'free' }).where(eq(profile.userId, user.uid));
    expect((await deliver(user.completed)).statusCode).toBe(200);
    expect((await userOf(user)).subscription).toBe('free');
  });

  it('handles one event delivered many times at once exactly once', async () => {
    const user = await subscriber('starter');
    const now = seconds(new Date());
    const updated = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription({
        id: user.subscriptionId,
        customer: user.customer,
        price: 'price_pro_monthly',
        periodStart: now - 60,
        periodEnd: now + 30 * 86400,
      }),
      now + 5,
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(updated)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const rows = await t.app.database.db.select().from(billingEvent).where(eq(billingEvent.id, updated.id));
    expect(rows).toHaveLength(1);
    expect((await userOf(user)).subscription).toBe('pro');
  });

  it('counts a subscription’s generations in its own period', async () => {
    const user = await subscriber('starter');
    const now = new Date();
    const periodStart = seconds(now) - 3600;
    const periodEnd = seconds(now) + 30 * 86400;
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription({
          id: user.subscriptionId,
          customer: user.customer,
          price: 'price_starter_monthly',
          periodStart,
          periodEnd,
        }),
        seconds(now) + 1,
      ),
    );
    // One generation before the period began, two inside it.
    await t.app.database.db.insert(generationUsage).values(
      [periodStart - 60, periodStart + 60, periodStart + 120].map((at) => ({
        userId: user.uid,
        generationId: randomUUID(),
        tool: 'email-helper',
        status: 'used',
        createdAt: new Date(at * 1000),
      })),
    );
    expect((await userOf(user)).usage).toEqual({
      used: 2,
      limit: 100,
      periodEnd: new Date(periodEnd * 1000).toISOString(),
    });
  });

  it('keeps a cancelled subscription to its period’s end, then falls back to free', async () => {
    const user = await subscriber('pro');
    const now = seconds(new Date());
    const subscription = {
      id: user.subscriptionId,
      customer: user.customer,
      price: 'price_pro_monthly',
      periodStart: now - 86400,
      periodEnd: now + 86400,
    };
    await deliver(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription({ ...subscription, cancelAtPeriodEnd: true }),
        now + 1,
      ),
    );
    expect(await userOf(user)).toMatchObject({
      subscription: 'pro',
      usage: { limit: null },
      billing: { cancelAtPeriodEnd: true },
    });
    await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        stripeSubscription({ ...subscription, status: 'canceled', cancelAtPeriodEnd: true }),
        now + 2,
      ),
    );
    expect(await userOf(user)).toMatchObject({
      subscription: 'free',
      billing: { managed: true, cancelAtPeriodEnd: false },
    });
  });

  it('tolerates events out of order: a late update never revives a deleted subscription', async () => {
    const user = await subscriber('starter', seconds(new Date()) - 100);
    const now = seconds(new Date());
    const subscription = {
      id: user.subscriptionId,
      customer: user.customer,
      price: 'price_starter_monthly',
      periodStart: now - 86400,
      periodEnd: now + 86400,
    };
    const update = stripeEvent('customer.subscription.updated', stripeSubscription(subscription), now - 10);
    const sameSecondUpdate = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription(subscription),
      now,
    );
    const deletion = stripeEvent(
      'customer.subscription.deleted',
      stripeSubscription({ ...subscription, status: 'canceled' }),
      now,
    );
    expect((await deliver(deletion)).statusCode).toBe(200);
    expect((await userOf(user)).subscription).toBe('free');
    expect((await deliver(update)).statusCode).toBe(200);
    expect((await deliver(sameSecondUpdate)).statusCode).toBe(200);
    expect((await userOf(user)).subscription).toBe('free');

    // An update that came before the checkout's own event is not undone by it either.
    const other = await signedUp(t.app);
    await post('/api/billing/checkout', other.headers, { plan: 'pro', period: 'monthly' });
    const customer = (await customerOf(other.uid)) as string;
    const later = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription({ ...subscription, id: 'sub_other', customer, price: 'price_pro_monthly' }),
      now,
    );
    const earlier = stripeEvent(
      'checkout.session.completed',
      {
        object: 'checkout.session',
        mode: 'subscription',
        customer,
        subscription: 'sub_other',
        client_reference_id: other.uid,
        metadata: { plan: 'starter' },
      },
      now - 30,
    );
    await deliver(later);
    await deliver(earlier);
    expect((await userOf(other)).subscription).toBe('pro');
  });

  it('leaves the current subscription alone when an older one is deleted', async () => {
    const user = await subscriber('pro');
    const now = seconds(new Date());
    const old = stripeSubscription({
      id: 'sub_old_one',
      customer: user.customer,
      price: 'price_starter_monthly',
      status: 'canceled',
      periodStart: now - 86400,
      periodEnd: now,
    });
    expect((await deliver(stripeEvent('customer.subscription.deleted', old, now + 1))).statusCode).toBe(200);
    expect((await userOf(user)).subscription).toBe('pro');
  });

  it('follows a payment on the hosted Checkout page and a cancellation in the portal', async () => {
    stripe.setWebhookUrl(`${await listen(t)}/api/billing/webhook`);
    const user = await signedUp(t.app);
    const { url } = (
      await post('/api/billing/checkout', user.headers, { plan: 'pro', period: 'monthly' })
    ).json();
    expect(await (await fetch(url)).text()).toContain('price_pro_monthly');
    const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${TEST_ORIGIN}/subscription?checkout=success`);
    expect(await userOf(user)).toMatchObject({ subscription: 'pro', billing: { managed: true } });

    const portal = (await post('/api/billing/portal', user.headers)).json().url;
    await fetch(portal, { method: 'POST', redirect: 'manual' });
    expect(await userOf(user)).toMatchObject({ subscription: 'pro', billing: { cancelAtPeriodEnd: true } });
  });

  it('keeps the period of a subscription event that arrives after the checkout’s, though Stripe made it first', async () => {
    const now = seconds(new Date());
    const user = await subscriber('starter', now + 2);
    const created = stripeEvent(
      'customer.subscription.created',
      stripeSubscription({
        id: user.subscriptionId,
        customer: user.customer,
        price: 'price_starter_monthly',
        periodStart: now - 10,
        periodEnd: now + 30 * 86400,
      }),
      now,
    );
    expect((await deliver(created)).statusCode).toBe(200);
    expect((await userOf(user)).usage.periodEnd).toBe(new Date((now + 30 * 86400) * 1000).toISOString());
    // A replay of the checkout (or a late one) does not undo it.
    await t.app.database.db.delete(billingEvent).where(eq(billingEvent.id, user.completed.id));
    await deliver(user.completed);
    expect((await userOf(user)).usage.periodEnd).toBe(new Date((now + 30 * 86400) * 1000).toISOString());
  });

  it('leaves a paid plan alone when another subscription of the customer expires unpaid', async () => {
    const user = await subscriber('pro');
    const now = seconds(new Date());
    const stray = stripeSubscription({
      id: 'sub_stray',
      customer: user.customer,
      price: 'price_starter_monthly',
      status: 'incomplete_expired',
      periodStart: now,
      periodEnd: now + 86400,
    });
    await deliver(stripeEvent('customer.subscription.updated', stray, now + 5));
    expect(await userOf(user)).toMatchObject({ subscription: 'pro', usage: { limit: null } });
  });

  it('makes a paused subscription (a trial ended without a payment method) the free plan', async () => {
    const user = await subscriber('pro');
    const now = seconds(new Date());
    const paused = stripeSubscription({
      id: user.subscriptionId,
      customer: user.customer,
      price: 'price_pro_monthly',
      status: 'paused',
      periodStart: now,
      periodEnd: now + 86400,
    });
    await deliver(stripeEvent('customer.subscription.updated', paused, now + 5));
    expect((await userOf(user)).subscription).toBe('free');
  });

  it('refuses a second checkout while Stripe has a live subscription not yet reported by its events', async () => {
    const user = await signedUp(t.app);
    await post('/api/billing/checkout', user.headers, { plan: 'starter', period: 'monthly' });
    const customer = (await customerOf(user.uid)) as string;
    const now = seconds(new Date());
    stripe.addSubscription(
      stripeSubscription({
        id: `sub_${randomUUID().slice(0, 8)}`,
        customer,
        price: 'price_starter_monthly',
        periodStart: now,
        periodEnd: now + 86400,
      }),
    );
    const second = await post('/api/billing/checkout', user.headers, { plan: 'pro', period: 'monthly' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('conflict:subscription');
  });

  it('records a signed event it cannot read instead of failing it for days', async () => {
    const odd = stripeEvent(
      'checkout.session.completed',
      null as unknown as Record<string, unknown>,
      seconds(new Date()),
    );
    expect((await deliver(odd)).statusCode).toBe(200);
    const rows = await t.app.database.db.select().from(billingEvent).where(eq(billingEvent.id, odd.id));
    expect(rows).toHaveLength(1);
  });

  it('records events it does not act on, and answers 200 so Stripe stops sending them', async () => {
    const unknownCustomer = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription({
        id: 'sub_nobody',
        customer: 'cus_nobody',
        price: 'price_pro_monthly',
        periodStart: 1,
        periodEnd: 2,
      }),
      seconds(new Date()),
    );
    const otherType = stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' }, seconds(new Date()));
    for (const event of [unknownCustomer, otherType]) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
  });
});
