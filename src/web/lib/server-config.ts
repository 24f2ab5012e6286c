import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client.ts';
import { configKeys } from './query-keys.ts';

/** GET /api/config (public): the server settings the web app needs, before sign-in as well as after. */
export interface ServerConfig {
  /** Which social providers this server has credentials for. */
  socialProviders: { google: boolean; github: boolean };
  /** The largest document the server reads (DOCUMENT_MAX_BYTES): the drop zone refuses bigger ones. */
  documents: { maxBytes: number };
  /** Online payment (Stripe): which plan and period can be bought, and where 'Contact sales' writes. */
  billing: BillingConfig;
  /** REQUIRE_EMAIL_VERIFICATION: the tools wait for a verified address. */
  emailVerification?: { required: boolean };
  /** SMTP_URL is set: mail really leaves the server (without it, links are in DATA_DIR/outbox and the log). */
  mail?: { configured: boolean };
  /** FREE_GENERATIONS_PER_MONTH: what a free account gets each month. */
  freePlan?: { generationsPerMonth: number };
}

/** Mail leaves this server (SMTP_URL). Unknown (the config has not loaded) counts as not sent. */
export const mailConfigured = (config: ServerConfig | undefined) => config?.mail?.configured === true;

export interface BillingConfig {
  enabled: boolean;
  offers: Record<'starter' | 'pro', Record<'monthly' | 'yearly', boolean>> & {
    /** Sold to teams, per seat (absent from an older server). */
    enterprise?: Record<'monthly' | 'yearly', boolean>;
  };
  salesEmail: string | null;
}

/** The server's default DOCUMENT_MAX_BYTES (20 MB): the drop zone's limit until the config has loaded. */
export const DEFAULT_DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

export const getServerConfig = () => apiGet<ServerConfig>('/config', { auth: false });

export const serverConfigQueryOptions = () =>
  queryOptions({ queryKey: configKeys.server, queryFn: getServerConfig, staleTime: 5 * 60 * 1000 });

/** The server's public settings, fetched once per 5 minutes at most and shared by every screen. */
export const useServerConfig = () => useQuery(serverConfigQueryOptions());

/** The drop zone's size limit: the server's, or its default while the config loads (or failed to). */
export function documentMaxBytes(config: ServerConfig | undefined): number {
  const maxBytes = config?.documents?.maxBytes;
  return typeof maxBytes === 'number' && maxBytes > 0 ? maxBytes : DEFAULT_DOCUMENT_MAX_BYTES;
}
