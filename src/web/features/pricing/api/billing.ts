import { useEffect, useState } from 'react';
import { type BillingConfig, getServerConfig, type ServerConfig } from '#web/lib/server-config.ts';

let serverConfig: Promise<ServerConfig> | null = null;

/**
 * The server's settings (GET /api/config) as the pricing page needs them, read once per visit without
 * the query library (the prerendered page stays light); a failed read is tried again on the next call.
 */
function pricingConfig(): Promise<ServerConfig> {
  serverConfig ??= getServerConfig().catch((error: unknown) => {
    serverConfig = null;
    throw error;
  });
  return serverConfig;
}

/** The billing settings, read when a plan button is clicked (or already read for the page's notes). */
export const getBillingConfig = (): Promise<BillingConfig> =>
  pricingConfig().then((config) => config.billing);

/**
 * The settings behind the page's notes (online payment, the free plan's allowance), once read after the
 * page has shown; undefined until then or when the read failed (the notes then say less, nothing false).
 */
export function usePricingConfig(): ServerConfig | undefined {
  const [config, setConfig] = useState<ServerConfig>();
  useEffect(() => {
    let live = true;
    pricingConfig().then(
      (read) => live && setConfig(read),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}
