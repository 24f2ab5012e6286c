/** The period a user's generations are counted in. */
export interface UsagePeriod {
  start: Date;
  /** Exclusive: the first moment of the next period, when the count starts again. */
  end: Date;
}

/**
 * The calendar month in UTC that `now` falls in: every plan's period for now. Paid plans will count
 * from their subscription's own period once billing (Stripe) sets it on the profile.
 */
export function calendarMonthUtc(now: Date): UsagePeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return { start: new Date(Date.UTC(year, month, 1)), end: new Date(Date.UTC(year, month + 1, 1)) };
}

/** The billing fields of a profile the plan and period are read from (null: no profile yet). */
export interface PlanState {
  subscription: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * The plan in force at `at` and the period its generations are counted in: a paid subscription's own
 * period (rolled on by its length when the renewal event is late), else the calendar month. A
 * subscription cancelled at its period's end is the free plan from that moment, even before Stripe's
 * event saying so has arrived.
 */
export function planInForce(state: PlanState | null, at: Date): { planId: string; period: UsagePeriod } {
  const { subscription, periodStart, periodEnd, cancelAtPeriodEnd } = state ?? {
    subscription: 'free',
    periodStart: null,
    periodEnd: null,
    cancelAtPeriodEnd: false,
  };
  const ended = cancelAtPeriodEnd && periodEnd !== null && at >= periodEnd;
  const planId = ended ? 'free' : subscription;
  if (planId === 'free' || periodStart === null || periodEnd === null || at < periodStart) {
    return { planId, period: calendarMonthUtc(at) };
  }
  // Past its end without a cancellation, the subscription renews: until Stripe's renewal event moves
  // the period on, count in the next one of the same length.
  const length = periodEnd.getTime() - periodStart.getTime();
  if (length <= 0) return { planId, period: calendarMonthUtc(at) };
  const renewals = Math.floor((at.getTime() - periodStart.getTime()) / length);
  const start = new Date(periodStart.getTime() + renewals * length);
  return { planId, period: { start, end: new Date(start.getTime() + length) } };
}
