import type { z } from 'zod';
import type { BillingPeriod, Plan } from '#shared/plans';

/**
 * The paid plans sold online. Starter and Pro to a person or a team; Enterprise to teams only, a seat
 * per member (ADR 0026), and through the sales team ('Contact sales') when it has no price here.
 */
export type SoldPlan = Extract<Plan['id'], 'starter' | 'pro' | 'enterprise'>;
export const SOLD_PLANS: readonly SoldPlan[] = ['starter', 'pro', 'enterprise'];
/** What a person (not a team) may buy. */
export const PERSONAL_PLANS: readonly SoldPlan[] = ['starter', 'pro'];

/** The variable that holds each sold plan's Stripe price id for each period. */
export const PRICE_VARIABLES = {
  starter: { monthly: 'STRIPE_PRICE_STARTER_MONTHLY', yearly: 'STRIPE_PRICE_STARTER_YEARLY' },
  pro: { monthly: 'STRIPE_PRICE_PRO_MONTHLY', yearly: 'STRIPE_PRICE_PRO_YEARLY' },
  enterprise: { monthly: 'STRIPE_PRICE_ENTERPRISE_MONTHLY', yearly: 'STRIPE_PRICE_ENTERPRISE_YEARLY' },
} as const satisfies Record<SoldPlan, Record<BillingPeriod, string>>;

type PriceVariable = (typeof PRICE_VARIABLES)[SoldPlan][BillingPeriod];
type BillingEnv = { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string } & {
  [K in PriceVariable]?: string;
};

export interface BillingSettings {
  secretKey: string;
  webhookSecret: string;
  /** Price id per sold plan and period; a missing one is not offered. */
  priceOf(plan: SoldPlan, period: BillingPeriod): string | undefined;
  /** The plan and period a price id stands for (what a subscription event carries), if it is one of ours. */
  planOfPrice(priceId: string): { plan: SoldPlan; period: BillingPeriod } | undefined;
}

const priceEntries = (env: BillingEnv) =>
  SOLD_PLANS.flatMap((plan) =>
    (['monthly', 'yearly'] as const).flatMap((period) => {
      const priceId = env[PRICE_VARIABLES[plan][period]];
      return priceId ? [{ plan, period, priceId }] : [];
    }),
  );

/** Stripe billing's settings, or null when it is off (no secret key): plans are then assigned by admins. */
export function billingSettings(env: BillingEnv): BillingSettings | null {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = env;
  if (!secretKey || !webhookSecret) return null;
  const entries = priceEntries(env);
  return {
    secretKey,
    webhookSecret,
    priceOf: (plan, period) => entries.find((e) => e.plan === plan && e.period === period)?.priceId,
    planOfPrice(priceId) {
      const entry = entries.find((e) => e.priceId === priceId);
      return entry ? { plan: entry.plan, period: entry.period } : undefined;
    },
  };
}

/**
 * Boot-time rule (config.ts): billing is all or nothing. A secret key needs the webhook secret and at
 * least one price id, and those need the key, so a half-set configuration fails at start rather than
 * at a customer's checkout.
 */
export function checkBillingSettings(env: BillingEnv, ctx: z.RefinementCtx): void {
  const need = (key: string, message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
  const prices = priceEntries(env);
  if (env.STRIPE_SECRET_KEY) {
    if (!env.STRIPE_WEBHOOK_SECRET)
      need(
        'STRIPE_WEBHOOK_SECRET',
        'is required with STRIPE_SECRET_KEY (the whsec_… of the webhook endpoint)',
      );
    if (prices.length === 0)
      need(
        'STRIPE_PRICE_STARTER_MONTHLY',
        'at least one STRIPE_PRICE_* price id is required with STRIPE_SECRET_KEY',
      );
  } else if (env.STRIPE_WEBHOOK_SECRET || prices.length > 0) {
    need('STRIPE_SECRET_KEY', 'is required with STRIPE_WEBHOOK_SECRET and the STRIPE_PRICE_* price ids');
  }
}
