import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOrigin, unknownAddressRefusal } from '#server/auth/origins';
import type { StripeBilling } from '#server/billing/stripe-billing';
import { SOLD_PLANS, type SoldPlan } from '#server/config/billing-settings';
import { AppError } from '#server/errors';
import { apiErrors } from '#server/openapi/route-responses';
import type { SecurityRequirement } from '#server/openapi/security';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';
import { requireMembership } from '#server/teams/team-access';

/** Checkout and portal sessions one user may open per minute. */
const BILLING_CALLS_PER_MINUTE = 10;

export const BILLING_OFF_MESSAGE =
  'Online payment is not set up on this server. An administrator assigns plans.';

function billingOf(app: FastifyInstance): StripeBilling {
  if (!app.billing) throw new AppError('not_found:billing_off', BILLING_OFF_MESSAGE);
  return app.billing;
}

const teamId = z.string().min(1).max(200).meta({
  description: 'A team the caller owns or administers: the subscription is the team’s (ADR 0026).',
});
const checkoutBody = z.object({
  plan: z.enum(SOLD_PLANS as [SoldPlan, ...SoldPlan[]], {
    error: 'The plan must be starter, pro or enterprise.',
  }),
  period: z.enum(['monthly', 'yearly'], { error: 'The period must be monthly or yearly.' }),
  organizationId: teamId.optional(),
  seats: z
    .number()
    .int()
    .min(1, 'A team needs at least one seat.')
    .max(10_000, 'A team can have at most 10,000 seats.')
    .optional()
    .meta({ description: 'A team’s seats (default and minimum: its members).' }),
});
const portalBody = z.object({ organizationId: teamId.optional() }).nullish();
const urlReply = z.object({ url: z.string() });

/**
 * POST /api/billing/checkout and /api/billing/portal (protected): a Stripe page to subscribe or to manage
 * the subscription, whose URL the browser opens. 404 `not_found:billing_off` without Stripe (nothing to
 * buy here: not an outage, so not a 5xx).
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const limit = perUserRateLimit(app, {
    surface: 'billing',
    perMinute: BILLING_CALLS_PER_MINUTE,
    what: 'payment requests',
  });
  // Stripe sends the browser back to the address the user is on (PUBLIC_URL's when it is set).
  const baseUrl = (request: FastifyRequest) => {
    const origin = authOrigin(app.config, request);
    if (origin === null) throw unknownAddressRefusal(app.config, request);
    return origin;
  };

  app.post(
    '/billing/checkout',
    {
      schema: {
        tags: ['billing'],
        summary: 'Open a Stripe Checkout',
        description:
          'The URL of a Stripe Checkout page for the plan and period, which the browser opens; Stripe sends it ' +
          'back to `/subscription?checkout=success|cancelled`. With `organizationId`, the team’s subscription, ' +
          '`seats` seats (at least one per member), back to `/team`; Enterprise is sold to teams only. In this ' +
          `order: 404 \`not_found:billing_off\` without Stripe (“${BILLING_OFF_MESSAGE}”); 429 ` +
          `\`rate_limit:billing\` past ${BILLING_CALLS_PER_MINUTE} a minute per user (with the portal); for a team, ` +
          '404 `not_found:organization` or 403 `forbidden:organization` unless the caller owns or administers ' +
          'it; 400 `bad_request:billing` for Enterprise without a team or a period without a price; 409 ' +
          '`conflict:subscription` with a live subscription; 502 `bad_gateway:billing` when Stripe fails.',
        body: checkoutBody,
        response: { 200: urlReply, ...apiErrors(400, 403, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      const billing = billingOf(app);
      await limit(request);
      const { plan, period, organizationId, seats } = request.body;
      if (organizationId) {
        await requireMembership(app, request.user, organizationId, { manage: true });
        const url = await billing.teamCheckout(
          organizationId,
          request.user.email,
          plan,
          period,
          seats,
          baseUrl(request),
        );
        return { url };
      }
      return { url: await billing.checkout(request.user.sub, plan, period, baseUrl(request)) };
    },
  );

  app.post(
    '/billing/portal',
    {
      schema: {
        tags: ['billing'],
        summary: 'Open the Stripe customer portal',
        description:
          'The URL of the portal where a subscriber changes or cancels the subscription (with `organizationId`, ' +
          'the team’s: its seats too). In this order: 404 `not_found:billing_off` without Stripe; 429 ' +
          '`rate_limit:billing` (with Checkout); for a team, 404 `not_found:organization` or 403 ' +
          '`forbidden:organization` unless the caller owns or administers it; 404 `not_found:billing` before ' +
          'any checkout; 502 `bad_gateway:billing` when Stripe fails.',
        body: portalBody,
        response: { 200: urlReply, ...apiErrors(400, 403, 404, 429, 502) },
      },
    },
    async (request) => {
      const billing = billingOf(app);
      await limit(request);
      const organizationId = request.body?.organizationId;
      if (organizationId) {
        await requireMembership(app, request.user, organizationId, { manage: true });
        return { url: await billing.teamPortal(organizationId, baseUrl(request)) };
      }
      return { url: await billing.portal(request.user.sub, baseUrl(request)) };
    },
  );
};

const webhookSchema = {
  tags: ['billing'],
  summary: 'Stripe’s webhook',
  description:
    'Called by Stripe: 404 `not_found:billing` without Stripe, 400 `bad_request:signature` unless ' +
    '`Stripe-Signature` is Stripe’s signature of the raw body with the webhook’s secret. ' +
    '`checkout.session.completed` and `customer.subscription.created|updated|deleted` set the plan of the ' +
    'account or team they name; each event is applied once (a redelivery does nothing), and a failed one ' +
    'answers 500 so that Stripe delivers it again. An event older than the last one applied to the ' +
    'subscription is ignored, an ended subscription is never revived, and the end of an older ' +
    'subscription leaves the current one alone.',
  security: [{ stripeSignature: [] }] satisfies SecurityRequirement[],
  handlerBody: {
    'application/json': z
      .object({
        id: z.string(),
        type: z.string(),
        data: z.object({ object: z.record(z.string(), z.unknown()) }),
      })
      .catchall(z.unknown())
      .meta({ description: 'A Stripe event, as Stripe signed it (the raw bytes are checked).' }),
  },
  response: { 200: z.object({ received: z.literal(true) }), ...apiErrors(400, 404) },
};

/**
 * POST /api/billing/webhook (public: Stripe calls it; the signature proves the sender). The body is kept
 * raw, as the signature covers its exact bytes.
 */
export const billingWebhookRoutes = async (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post('/billing/webhook', { schema: webhookSchema }, async (request) => {
    if (!app.billing) throw new AppError('not_found:billing', 'Billing is not set up on this server.');
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError('bad_request:webhook', 'Send the event as the JSON body Stripe signed.');
    }
    const signature = request.headers['stripe-signature'];
    await app.billing.handleWebhook(request.body, typeof signature === 'string' ? signature : undefined);
    return { received: true };
  });
};
