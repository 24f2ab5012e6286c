import type { BillingPeriod } from '#shared/plans';
import { apiRequest } from '#web/lib/api-client.ts';
import { type BillingConfig, getServerConfig } from '#web/lib/server-config.ts';

let billingConfig: Promise<BillingConfig> | null = null;

/**
 * The server's billing settings (GET /api/config), read on the first click of a plan button so the
 * prerendered pricing page loads nothing more; a failed read is tried again on the next click.
 */
export function getBillingConfig(): Promise<BillingConfig> {
  billingConfig ??= getServerConfig().then(
    (config) => config.billing,
    (error: unknown) => {
      billingConfig = null;
      throw error;
    },
  );
  return billingConfig;
}

/** POST /api/billing/checkout → the Stripe Checkout page's address. */
export async function startCheckout(plan: 'starter' | 'pro', period: BillingPeriod): Promise<string> {
  const { data } = await apiRequest<{ url: string }>('/billing/checkout', {
    method: 'POST',
    body: { plan, period },
  });
  return data.url;
}

/** POST /api/billing/portal → the Stripe customer portal's address. */
export async function openBillingPortal(): Promise<string> {
  const { data } = await apiRequest<{ url: string }>('/billing/portal', { method: 'POST' });
  return data.url;
}
