import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOrigin, unknownAddressRefusal } from '#server/auth/origins';
import { SOLD_PLANS, type SoldPlan } from '#server/billing/billing-settings';
import type { StripeBilling } from '#server/billing/stripe-billing';
import { AppError } from '#server/errors';
import { perUserRateLimit } from '#server/plugins/rate-limit-per-user';

/** Checkout and portal sessions one user may open per minute. */
const BILLING_CALLS_PER_MINUTE = 10;

export const BILLING_OFF_MESSAGE =
  'Online payment is not set up on this server. An administrator assigns plans.';

function billingOf(app: FastifyInstance): StripeBilling {
  if (!app.billing) throw new AppError('not_found:billing_off', BILLING_OFF_MESSAGE);
  return app.billing;
}

const checkoutBody = z.object({
  plan: z.enum(SOLD_PLANS as [SoldPlan, ...SoldPlan[]], {
    error: 'The plan must be starter or pro (Enterprise: contact sales).',
  }),
  period: z.enum(['monthly', 'yearly'], { error: 'The period must be monthly or yearly.' }),
});
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
    { schema: { body: checkoutBody, response: { 200: urlReply } } },
    async (request) => {
      const billing = billingOf(app);
      await limit(request);
      const { plan, period } = request.body;
      return { url: await billing.checkout(request.user.sub, plan, period, baseUrl(request)) };
    },
  );

  app.post('/billing/portal', { schema: { response: { 200: urlReply } } }, async (request) => {
    const billing = billingOf(app);
    await limit(request);
    return { url: await billing.portal(request.user.sub, baseUrl(request)) };
  });
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
  app.post('/billing/webhook', async (request) => {
    if (!app.billing) throw new AppError('not_found:billing', 'Billing is not set up on this server.');
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError('bad_request:webhook', 'Send the event as the JSON body Stripe signed.');
    }
    const signature = request.headers['stripe-signature'];
    await app.billing.handleWebhook(request.body, typeof signature === 'string' ? signature : undefined);
    return { received: true };
  });
};
