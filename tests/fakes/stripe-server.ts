import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API Draftsmith calls (customers, Checkout sessions, customer
 * portal sessions), speaking its protocol: form-encoded bodies with bracketed keys, a Bearer secret key,
 * Idempotency-Key replays, JSON objects with ids and errors in Stripe's `{error: {type, message}}` shape.
 * Point STRIPE_API_URL at `url`. Every request is recorded for the tests to assert on. The sessions'
 * URLs are pages of this server: a Checkout page whose Pay button sends the webhook events and returns
 * to the success URL, and a portal page that cancels the subscription at its period's end.
 *
 * Webhook events are built and signed by `signedEvent`, the way Stripe signs them (the `stripe`
 * package's own test header generator).
 */
export interface StripeRequest {
  method: string;
  path: string;
  /** The form body as sent: `line_items[0][price]` and the like as flat keys. */
  body: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface FakeStripeServer {
  url: string;
  requests: StripeRequest[];
  /** The next `count` requests answer 500 (Stripe having trouble). */
  failNext(count: number): void;
  /**
   * Where the hosted pages deliver their events (the app's POST /api/billing/webhook): paying on the
   * Checkout page sends `checkout.session.completed` and `customer.subscription.created`; cancelling in
   * the portal sends `customer.subscription.updated` with `cancel_at_period_end`.
   */
  setWebhookUrl(url: string): void;
  /** A subscription Stripe knows of (GET /v1/subscriptions lists it) whose events have not been sent. */
  addSubscription(subscription: ReturnType<typeof stripeSubscription>): void;
  close(): Promise<void>;
}

export const FAKE_STRIPE_KEY = 'sk_test_draftsmith_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_draftsmith_fake_secret';

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

interface CheckoutRecord {
  customer: string;
  price: string;
  metadata: Record<string, string>;
  /** subscription_data[metadata]: what the subscription it makes carries. */
  subscriptionMetadata: Record<string, string>;
  /** line_items[0][quantity]: a team's seats. */
  quantity: number;
  clientReferenceId: string;
  successUrl: string;
  cancelUrl: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function hostedPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:sans-serif;max-width:28rem;margin:4rem auto"><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** `metadata[uid]`-style keys of a form body, gathered into one object. */
const metadataOf = (body: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key.startsWith(`${prefix}[`))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );

export async function startFakeStripe(): Promise<FakeStripeServer> {
  const requests: StripeRequest[] = [];
  const checkouts = new Map<string, CheckoutRecord>();
  const portals = new Map<string, { customer: string; returnUrl: string }>();
  /** Each customer's subscription, as the hosted pages made it (or `addSubscription` put it). */
  const subscriptions = new Map<string, ReturnType<typeof stripeSubscription>>();
  let webhookUrl: string | null = null;
  let baseUrl = '';
  const replays = new Map<string, { status: number; body: unknown }>();
  let failures = 0;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  const respond = (
    method: string,
    path: string,
    body: Record<string, string>,
    query: URLSearchParams,
  ): { status: number; body: unknown } => {
    if (method === 'GET' && path === '/v1/subscriptions') {
      const customer = query.get('customer');
      const data = [...subscriptions.values()].filter((subscription) => subscription.customer === customer);
      return { status: 200, body: { object: 'list', url: '/v1/subscriptions', has_more: false, data } };
    }
    if (path === '/v1/customers') {
      return {
        status: 200,
        body: {
          id: nextId('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: { uid: body['metadata[uid]'] },
        },
      };
    }
    if (path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      checkouts.set(id, {
        customer: body.customer ?? '',
        price: body['line_items[0][price]'] ?? '',
        metadata: metadataOf(body, 'metadata'),
        subscriptionMetadata: metadataOf(body, 'subscription_data[metadata]'),
        quantity: Number(body['line_items[0][quantity]'] ?? '1'),
        clientReferenceId: body.client_reference_id ?? '',
        successUrl: body.success_url ?? '',
        cancelUrl: body.cancel_url ?? '',
      });
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: body.mode,
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          url: `${baseUrl}/pay/${id}`,
        },
      };
    }
    if (path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      portals.set(id, { customer: body.customer ?? '', returnUrl: body.return_url ?? '' });
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `${baseUrl}/portal/${id}`,
        },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (POST: ${path}).` },
      },
    };
  };

  const deliver = async (event: object) => {
    if (!webhookUrl) throw new Error('setWebhookUrl first');
    const { payload, headers } = signedEvent(event);
    const response = await fetch(webhookUrl, { method: 'POST', headers, body: payload });
    if (!response.ok) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
  };

  /** The hosted Checkout and portal pages a browser is sent to (GET shows, POST acts and redirects). */
  const hosted = async (
    method: string,
    path: string,
  ): Promise<{ status: number; html?: string; location?: string }> => {
    const [, kind, id = ''] = path.split('/');
    const now = Math.floor(Date.now() / 1000);
    if (kind === 'pay' && checkouts.has(id)) {
      const checkout = checkouts.get(id) as CheckoutRecord;
      if (method === 'GET') {
        return {
          status: 200,
          html: hostedPage(
            'Fake Stripe Checkout',
            `<p>Subscribe to <strong data-testid="price">${escapeHtml(checkout.price)}</strong>.</p><form method="post"><button type="submit">Pay</button></form><p><a href="${escapeHtml(checkout.cancelUrl)}">Back</a></p>`,
          ),
        };
      }
      const subscription = stripeSubscription({
        id: nextId('sub'),
        customer: checkout.customer,
        price: checkout.price,
        periodStart: now,
        periodEnd: now + 30 * 86400,
        metadata: checkout.subscriptionMetadata,
        quantity: checkout.quantity,
      });
      subscriptions.set(checkout.customer, subscription);
      await deliver(stripeEvent('customer.subscription.created', subscription, now));
      await deliver(
        stripeEvent(
          'checkout.session.completed',
          {
            id,
            object: 'checkout.session',
            mode: 'subscription',
            customer: checkout.customer,
            subscription: subscription.id,
            client_reference_id: checkout.clientReferenceId,
            metadata: checkout.metadata,
            payment_status: 'paid',
          },
          now,
        ),
      );
      return { status: 303, location: checkout.successUrl };
    }
    if (kind === 'portal' && portals.has(id)) {
      const portal = portals.get(id) as { customer: string; returnUrl: string };
      if (method === 'GET') {
        return {
          status: 200,
          html: hostedPage(
            'Fake Stripe customer portal',
            `<form method="post"><button type="submit">Cancel subscription</button></form><p><a href="${escapeHtml(portal.returnUrl)}">Return</a></p>`,
          ),
        };
      }
      const subscription = subscriptions.get(portal.customer);
      if (subscription) {
        subscription.cancel_at_period_end = true;
        await deliver(stripeEvent('customer.subscription.updated', subscription, now + 1));
      }
      return { status: 303, location: portal.returnUrl };
    }
    return { status: 404, html: hostedPage('Not found', '') };
  };

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stripe.test').pathname;
    if (!path.startsWith('/v1/')) {
      try {
        await readForm(request);
        const page = await hosted(request.method ?? 'GET', path);
        response.writeHead(page.status, {
          'content-type': 'text/html; charset=utf-8',
          ...(page.location ? { location: page.location } : {}),
        });
        response.end(page.html ?? '');
      } catch (err) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(String(err));
      }
      return;
    }
    const body = await readForm(request);
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({
      method: request.method ?? 'GET',
      path,
      body,
      idempotencyKey,
      authorization: request.headers.authorization,
    });
    let answer: { status: number; body: unknown };
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      answer = {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } },
      };
    } else if (failures > 0) {
      failures--;
      answer = {
        status: 500,
        body: { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } },
      };
    } else if (idempotencyKey && replays.has(idempotencyKey)) {
      answer = replays.get(idempotencyKey) as { status: number; body: unknown };
    } else {
      answer = respond(
        request.method ?? 'GET',
        path,
        body,
        new URL(request.url ?? '/', 'http://stripe.test').searchParams,
      );
      if (idempotencyKey) replays.set(idempotencyKey, answer);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    requests,
    failNext(count) {
      failures = count;
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    addSubscription(subscription) {
      subscriptions.set(subscription.customer, subscription);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The environment that turns billing on against the fake (prices for every sold plan and period). */
export function fakeStripeEnv(url: string) {
  return {
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_STARTER_MONTHLY: 'price_starter_monthly',
    STRIPE_PRICE_STARTER_YEARLY: 'price_starter_yearly',
    STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
    STRIPE_PRICE_PRO_YEARLY: 'price_pro_yearly',
    STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_enterprise_monthly',
    STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_enterprise_yearly',
    STRIPE_API_URL: url,
  };
}

let eventCounter = 0;

/** A Stripe event of `type` about `object`, created at `created` (seconds), with a unique id unless given. */
export function stripeEvent(type: string, object: Record<string, unknown>, created: number, id?: string) {
  return {
    id: id ?? `evt_fake${String(++eventCounter).padStart(6, '0')}_${Date.now()}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** A subscription object as Stripe's events carry it (the period on its item, as current API versions have it). */
export function stripeSubscription(fields: {
  id: string;
  customer: string;
  price: string;
  status?: string;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
  /** Seats, for a team's subscription. */
  quantity?: number;
}) {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    metadata: fields.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${fields.id}`,
          object: 'subscription_item',
          price: { id: fields.price, object: 'price' },
          quantity: fields.quantity ?? 1,
          current_period_start: fields.periodStart,
          current_period_end: fields.periodEnd,
        },
      ],
    },
  };
}

/** The raw body and Stripe-Signature header of a delivery of `event`, signed with `secret`. */
export function signedEvent(event: object, secret = FAKE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = new Stripe(FAKE_STRIPE_KEY).webhooks.generateTestHeaderString({ payload, secret });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
