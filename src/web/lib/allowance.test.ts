import { describe, expect, it } from 'vitest';
import { allowanceUsedUp, moreGenerations, renewalDate } from './allowance.ts';
import type { BillingConfig } from './server-config.ts';

const periodEnd = '2026-12-01T00:00:00.000Z';
const offers = {
  starter: { monthly: true, yearly: false },
  pro: { monthly: true, yearly: true },
} as BillingConfig['offers'];

describe('the allowance', () => {
  it('is used up once a limited plan reached its limit, never for an unlimited or unknown one', () => {
    expect(allowanceUsedUp({ used: 20, limit: 20, periodEnd })).toBe(true);
    expect(allowanceUsedUp({ used: 21, limit: 20, periodEnd })).toBe(true);
    expect(allowanceUsedUp({ used: 19, limit: 20, periodEnd })).toBe(false);
    expect(allowanceUsedUp({ used: 500, limit: null, periodEnd })).toBe(false);
    expect(allowanceUsedUp(undefined)).toBe(false);
  });

  it('renews on the day its period ends, written out', () => {
    expect(renewalDate(periodEnd, 'UTC')).toBe('December 1, 2026');
    // The moment is the same everywhere; west of UTC it is still the evening before.
    expect(renewalDate(periodEnd, 'America/New_York')).toBe('November 30, 2026');
    expect(renewalDate('not a date', 'UTC')).toBe('');
  });

  it('sends to the pricing page only when billing is on, else to the administrator and the sales address', () => {
    expect(moreGenerations({ enabled: true, offers, salesEmail: 'sales@example.test' })).toEqual({
      kind: 'pricing',
    });
    expect(moreGenerations({ enabled: false, offers, salesEmail: 'sales@example.test' })).toEqual({
      kind: 'administrator',
      contact: 'sales@example.test',
    });
    expect(moreGenerations({ enabled: false, offers, salesEmail: null })).toEqual({
      kind: 'administrator',
      contact: null,
    });
    // Before the server's settings arrive nothing is sold.
    expect(moreGenerations(undefined)).toEqual({ kind: 'administrator', contact: null });
  });
});
