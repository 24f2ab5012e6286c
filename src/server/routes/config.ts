import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { configuredSocialProviders } from '#server/auth/social-providers';
import { billingSettings, type SoldPlan } from '#server/config/billing-settings';
import { NO_SECURITY } from '#server/openapi/security';

/** GET /api/config (public): settings the web app needs before sign-in. */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  const socialProviders = configuredSocialProviders(app.config);
  const settings = billingSettings(app.config);
  const offered = (plan: SoldPlan) => ({
    monthly: settings?.priceOf(plan, 'monthly') !== undefined,
    yearly: settings?.priceOf(plan, 'yearly') !== undefined,
  });
  const billing = {
    enabled: settings !== null,
    offers: { starter: offered('starter'), pro: offered('pro'), enterprise: offered('enterprise') },
    salesEmail: app.config.SALES_EMAIL ?? null,
  };
  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: 'Settings the web app needs before sign-in',
        description:
          'Which social sign-ins are configured, the largest document (DOCUMENT_MAX_BYTES), online payment ' +
          '(which plan and period has a Stripe price, the sales address), whether e-mail verification is required, ' +
          'whether mail leaves this server (SMTP_URL; without it messages are written to DATA_DIR/outbox and the ' +
          "server's log) and the free plan's monthly generations (FREE_GENERATIONS_PER_MONTH).",
        security: NO_SECURITY,
        response: {
          200: z.object({
            socialProviders: z.object({ google: z.boolean(), github: z.boolean() }),
            /** The drop zone refuses a larger file before it is sent. */
            documents: z.object({ maxBytes: z.number() }),
            /** Online payment: which plan and period has a Checkout; where 'Contact sales' writes. */
            billing: z.object({
              enabled: z.boolean(),
              offers: z.object({
                starter: z.object({ monthly: z.boolean(), yearly: z.boolean() }),
                pro: z.object({ monthly: z.boolean(), yearly: z.boolean() }),
                /** For teams, a seat per member (the team page's Subscribe); else 'Contact sales'. */
                enterprise: z.object({ monthly: z.boolean(), yearly: z.boolean() }),
              }),
              salesEmail: z.string().nullable(),
            }),
            /** REQUIRE_EMAIL_VERIFICATION: the tools wait for a verified address (the banner says so). */
            emailVerification: z.object({ required: z.boolean() }),
            /** SMTP_URL is set: mail is sent. Without it, links are only in the outbox and the log. */
            mail: z.object({ configured: z.boolean() }),
            /** What a free account gets each month (regenerations and follow-ups count too). */
            freePlan: z.object({ generationsPerMonth: z.number().int() }),
          }),
        },
      },
    },
    async () => ({
      socialProviders,
      documents: { maxBytes: app.config.DOCUMENT_MAX_BYTES },
      billing,
      emailVerification: { required: app.config.REQUIRE_EMAIL_VERIFICATION },
      mail: { configured: app.config.SMTP_URL !== undefined },
      freePlan: { generationsPerMonth: app.config.FREE_GENERATIONS_PER_MONTH },
    }),
  );
};
