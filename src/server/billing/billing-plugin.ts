import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { billingSettings } from '#server/config/billing-settings';
import { createBillingRepository } from './billing-repository.ts';
import type { StripeBilling } from './stripe-billing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stripe billing, or null when it is not configured (plans are then assigned by administrators). */
    billing: StripeBilling | null;
  }
}

/**
 * Decorates `app.billing` from STRIPE_* (docs/billing.md, "Stripe"). The Stripe library is loaded only when billing
 * is configured: a server without it does not carry its memory (issue 15).
 */
export const billingPlugin = fp(
  async (app: FastifyInstance) => {
    const settings = billingSettings(app.config);
    if (!settings) {
      app.decorate('billing', null);
      return;
    }
    const { createStripeBilling, createStripeClient } = await import('./stripe-billing.ts');
    app.decorate(
      'billing',
      createStripeBilling({
        settings,
        stripe: createStripeClient(settings.secretKey, app.config.STRIPE_API_URL),
        repository: createBillingRepository(app.database.db),
        log: app.log,
        plansChanged: () => app.plansChanged(),
      }),
    );
  },
  { name: 'billing' },
);
