import { describe, expect, it } from 'vitest';
import type { BillingConfig } from '#web/lib/server-config.ts';
import { checkoutSearch, PAYMENT_OFF_NOTICE, planAction, requestedCheckout } from './plan-action.ts';

const off: BillingConfig = {
  enabled: false,
  offers: { starter: { monthly: false, yearly: false }, pro: { monthly: false, yearly: false } },
  salesEmail: null,
};
const on: BillingConfig = {
  enabled: true,
  offers: { starter: { monthly: true, yearly: true }, pro: { monthly: true, yearly: false } },
  salesEmail: 'sales@example.test',
};

describe('planAction', () => {
  it('says online payment is off, offering a visitor the free sign-up', () => {
    expect(planAction({ id: 'pro' }, 'monthly', true, off)).toEqual({
      kind: 'notice',
      ...PAYMENT_OFF_NOTICE,
      offerSignUp: false,
    });
    expect(planAction({ id: 'starter' }, 'yearly', false, off)).toMatchObject({
      kind: 'notice',
      offerSignUp: true,
    });
  });

  it('starts the checkout for a signed-in user, and sends a visitor through sign-up back to it', () => {
    expect(planAction({ id: 'starter' }, 'yearly', true, on)).toEqual({
      kind: 'checkout',
      plan: 'starter',
      period: 'yearly',
    });
    expect(planAction({ id: 'pro' }, 'monthly', false, on)).toEqual({
      kind: 'sign-up',
      returnTo: { pathname: '/subscription', search: '?plan=pro&period=monthly' },
    });
  });

  it('points to the other period when this one is not sold', () => {
    expect(planAction({ id: 'pro' }, 'yearly', true, on)).toMatchObject({
      kind: 'notice',
      title: 'Pro is not sold with yearly billing here',
      description: 'Switch to monthly billing to buy it online.',
    });
  });

  it('sends Enterprise to the team page when it is sold online per seat, after sign-up for a visitor', () => {
    const teams = { ...on, offers: { ...on.offers, enterprise: { monthly: true, yearly: false } } };
    const to = { pathname: '/team', search: '?plan=enterprise&period=monthly' };
    expect(planAction({ id: 'enterprise' }, 'monthly', true, teams)).toEqual({ kind: 'team', to });
    expect(planAction({ id: 'enterprise' }, 'monthly', false, teams)).toEqual({
      kind: 'sign-up',
      returnTo: to,
    });
    // Not sold yearly here: the sales address as before.
    expect(planAction({ id: 'enterprise' }, 'yearly', true, teams)).toMatchObject({ kind: 'mail' });
  });

  it('writes to sales for Enterprise, or says who to ask without a sales address', () => {
    expect(planAction({ id: 'enterprise' }, 'monthly', false, on)).toEqual({
      kind: 'mail',
      href: 'mailto:sales@example.test?subject=Draftsmith%20Enterprise',
    });
    expect(planAction({ id: 'enterprise' }, 'monthly', true, off)).toMatchObject({ kind: 'notice' });
  });
});

describe('requestedCheckout', () => {
  it('reads back what checkoutSearch wrote, and nothing else', () => {
    expect(requestedCheckout(checkoutSearch('pro', 'yearly'))).toEqual({ plan: 'pro', period: 'yearly' });
    expect(requestedCheckout('?plan=enterprise&period=monthly')).toBeNull();
    expect(requestedCheckout('?plan=pro&period=weekly')).toBeNull();
    expect(requestedCheckout('')).toBeNull();
  });
});
