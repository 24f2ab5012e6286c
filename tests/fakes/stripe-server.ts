import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API Draftsmith calls (customers, Checkout sessions, customer
 * portal sessions), speaking its protocol: form-encoded bodies with bracketed keys, a Bearer secret key,
 * Idempotency-Key replays, JSON objects with ids and errors in Stripe's `{error: {type, message}}` shape.
 * Point STRIPE_API_URL at `url`. Every request is recorded for the tests to assert on.
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
  close(): Promise<void>;
}

export const FAKE_STRIPE_KEY = 'sk_test_draftsmith_fake';
export const FAKE_WEBHOOK_SECRET = 'whsec_draftsmith_fake_secret';

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

export async function startFakeStripe(): Promise<FakeStripeServer> {
  const requests: StripeRequest[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  let failures = 0;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, '0')}`;

  const respond = (path: string, body: Record<string, string>): { status: number; body: unknown } => {
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
      return {
        status: 200,
        body: {
          id,
          object: 'checkout.session',
          mode: body.mode,
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        },
      };
    }
    if (path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
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

  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://stripe.test').pathname;
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
      answer = respond(path, body);
      if (idempotencyKey) replays.set(idempotencyKey, answer);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(count) {
      failures = count;
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
          quantity: 1,
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
