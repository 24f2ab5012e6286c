import type { GenerationUsage } from '#shared/user';
import type { BillingConfig } from './server-config.ts';

/**
 * The plan's monthly generations (docs/product.md §9) as the tool pages tell them: whether they are used
 * up, when they renew, and where more can be had.
 */

/** The plan has a limit and it is reached: the tool forms cannot be sent until the period ends. */
export function allowanceUsedUp(usage: GenerationUsage | undefined): boolean {
  return usage !== undefined && usage.limit !== null && usage.used >= usage.limit;
}

/** The day the count starts again, as people read it: 'December 1, 2026' (in the browser's time zone). */
export function renewalDate(periodEnd: string, timeZone?: string): string {
  const date = new Date(periodEnd);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone }).format(date);
}

/**
 * Where more generations come from: the pricing page when this server sells plans online (billing on),
 * else the administrator, with the sales address as the contact when the server has one.
 */
export type MoreGenerations = { kind: 'pricing' } | { kind: 'administrator'; contact: string | null };

export function moreGenerations(billing: BillingConfig | undefined): MoreGenerations {
  if (billing?.enabled) return { kind: 'pricing' };
  return { kind: 'administrator', contact: billing?.salesEmail?.trim() || null };
}
