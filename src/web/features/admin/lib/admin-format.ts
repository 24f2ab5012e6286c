import type { AdminUsage } from '#shared/admin';
import type { GenerationUsage } from '#shared/user';

/** A row's generations this month: 'N of M', or 'N (unlimited)' for a plan without a limit. */
export function generationsThisMonth(usage: GenerationUsage): string {
  return usage.limit === null ? `${usage.used} (unlimited)` : `${usage.used} of ${usage.limit}`;
}

/** Accounts on a paid plan: every plan but the free one. */
export function premiumAccounts(byPlan: AdminUsage['accounts']['byPlan']): number {
  return Object.entries(byPlan).reduce((sum, [plan, count]) => (plan === 'free' ? sum : sum + count), 0);
}

const createdFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** An account's creation time as a date in the viewer's time zone: 'May 20, 2026'. */
export function formatCreated(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : createdFormat.format(time);
}
