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
