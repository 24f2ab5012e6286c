import { describe, expect, it } from 'vitest';
import { generationsUsedUp } from './usage-errors.ts';
import { calendarMonthUtc, planInForce } from './usage-period.ts';

describe('calendarMonthUtc', () => {
  it('runs from the first of the month to the first of the next, in UTC', () => {
    expect(calendarMonthUtc(new Date('2026-03-31T23:59:59.999Z'))).toEqual({
      start: new Date('2026-03-01T00:00:00.000Z'),
      end: new Date('2026-04-01T00:00:00.000Z'),
    });
    expect(calendarMonthUtc(new Date('2026-12-10T05:00:00+09:00')).end).toEqual(
      new Date('2027-01-01T00:00:00.000Z'),
    );
  });
});

describe('generationsUsedUp', () => {
  it('names the plan and its number, and what an upgrade gives', () => {
    const starter = generationsUsedUp('starter', 100);
    expect(starter.statusCode).toBe(402);
    expect(starter.toBody()).toEqual({
      error: {
        code: 'payment_required:quota',
        message:
          'You have used all 100 generations of your Starter plan this month. Upgrade for unlimited generations.',
      },
    });
    expect(generationsUsedUp('free', 1).message).toBe(
      'You have used the 1 generation of your Free plan this month. Upgrade for more generations.',
    );
    expect(generationsUsedUp('free', 0).message).toBe(
      'Your Free plan includes no AI generations. Upgrade for more generations.',
    );
  });
});

describe('planInForce', () => {
  const at = new Date('2026-03-20T12:00:00.000Z');
  const paid = {
    subscription: 'starter',
    periodStart: new Date('2026-03-05T09:30:00.000Z'),
    periodEnd: new Date('2026-04-05T09:30:00.000Z'),
    cancelAtPeriodEnd: false,
  };

  it('counts a paid subscription in its own period', () => {
    expect(planInForce(paid, at)).toEqual({
      planId: 'starter',
      period: { start: paid.periodStart, end: paid.periodEnd },
    });
  });

  it('counts the calendar month for the free plan, a plan without a period, and before the period', () => {
    const month = calendarMonthUtc(at);
    expect(planInForce(null, at)).toEqual({ planId: 'free', period: month });
    expect(planInForce({ ...paid, periodStart: null, periodEnd: null }, at).period).toEqual(month);
    expect(planInForce({ ...paid, subscription: 'free' }, at).period).toEqual(month);
    const before = new Date('2026-03-01T00:00:00.000Z');
    expect(planInForce(paid, before).period).toEqual(calendarMonthUtc(before));
  });

  it('rolls a live subscription’s period on by its length until the renewal event arrives', () => {
    const length = paid.periodEnd.getTime() - paid.periodStart.getTime();
    expect(planInForce(paid, new Date('2026-04-10T00:00:00.000Z'))).toEqual({
      planId: 'starter',
      period: { start: paid.periodEnd, end: new Date(paid.periodEnd.getTime() + length) },
    });
    expect(planInForce(paid, paid.periodEnd).period.start).toEqual(paid.periodEnd);
  });

  it('makes a subscription cancelled at its period end the free plan from that moment', () => {
    const cancelled = { ...paid, cancelAtPeriodEnd: true };
    expect(planInForce(cancelled, at).planId).toBe('starter');
    expect(planInForce(cancelled, paid.periodEnd).planId).toBe('free');
  });
});
