import { describe, expect, it } from 'vitest';
import {
  ADVERTISED_YEARLY_SAVING,
  monthlyGenerationLimit,
  PLANS,
  planName,
  planPrice,
  yearlySavingPercent,
} from './plans.ts';

function plan(id: string) {
  const found = PLANS.find((p) => p.id === id);
  if (!found) throw new Error(`no plan ${id}`);
  return found;
}

describe('plan catalogue', () => {
  it('has exactly Starter, Pro and Enterprise, in that order', () => {
    expect(PLANS.map((p) => p.name)).toEqual(['Starter', 'Pro', 'Enterprise']);
  });

  it('carries the prices of docs/product.md §9', () => {
    expect([plan('starter').price, plan('starter').yearlyPrice]).toEqual([12, 99]);
    expect([plan('pro').price, plan('pro').yearlyPrice]).toEqual([39, 349]);
    expect([plan('enterprise').price, plan('enterprise').yearlyPrice]).toEqual([89, 799]);
  });

  it('marks only Pro as popular', () => {
    expect(PLANS.filter((p) => p.popular).map((p) => p.id)).toEqual(['pro']);
  });

  it('gives Starter 100 generations a month and the others unlimited', () => {
    expect(plan('starter').monthlyGenerations).toBe(100);
    expect(plan('starter').features.map((f) => f.text)).toContain('100 AI generations a month');
    expect(plan('pro').monthlyGenerations).toBeNull();
    expect(plan('pro').features.map((f) => f.text)).toContain('Unlimited AI generations');
    expect(plan('enterprise').monthlyGenerations).toBeNull();
    expect(plan('enterprise').features.map((f) => f.text)).toContain('Unlimited access across teams');
  });

  it('gives every plan features and an includes list headed by its first entry', () => {
    for (const p of PLANS) {
      expect(p.features.length).toBeGreaterThan(0);
      expect(p.includes.length).toBeGreaterThan(1);
      expect(p.includes[0]).toMatch(/:$/);
      expect(p.buttonText.length).toBeGreaterThan(0);
    }
  });
});

describe('yearly billing', () => {
  it('shows the monthly price for monthly billing and the yearly price for yearly billing', () => {
    expect(planPrice(plan('pro'), 'monthly')).toBe(39);
    expect(planPrice(plan('pro'), 'yearly')).toBe(349);
  });

  it.each(PLANS.map((p) => [p.name, p] as const))('%s saves at least the advertised 20%%', (_, p) => {
    expect(p.yearlyPrice).toBeLessThanOrEqual(p.price * 12 * (1 - ADVERTISED_YEARLY_SAVING / 100));
    expect(yearlySavingPercent(p)).toBeGreaterThanOrEqual(ADVERTISED_YEARLY_SAVING);
  });

  it('computes the saving against twelve monthly payments, rounded down', () => {
    expect(yearlySavingPercent({ price: 12, yearlyPrice: 99 })).toBe(31); // 144 → 99: 31.25 %
    expect(yearlySavingPercent({ price: 39, yearlyPrice: 349 })).toBe(25); // 468 → 349: 25.4 %
    expect(yearlySavingPercent({ price: 89, yearlyPrice: 799 })).toBe(25); // 1068 → 799: 25.2 %
    expect(yearlySavingPercent({ price: 10, yearlyPrice: 120 })).toBe(0);
    expect(yearlySavingPercent({ price: 10, yearlyPrice: 97 })).toBe(19); // 19.17 %: below the claim
    expect(yearlySavingPercent({ price: 0, yearlyPrice: 0 })).toBe(0);
  });
});

describe('monthly generation limits', () => {
  it('gives free its configured number, Starter 100, Pro and Enterprise unlimited', () => {
    expect(monthlyGenerationLimit('free', 20)).toBe(20);
    expect(monthlyGenerationLimit('starter', 20)).toBe(100);
    expect(monthlyGenerationLimit('pro', 20)).toBeNull();
    expect(monthlyGenerationLimit('enterprise', 20)).toBeNull();
  });

  it('treats a plan id it does not know as free, never as unlimited', () => {
    expect(monthlyGenerationLimit('retired-plan', 7)).toBe(7);
    expect(planName('retired-plan')).toBe('Free');
    expect(planName('starter')).toBe('Starter');
  });
});
