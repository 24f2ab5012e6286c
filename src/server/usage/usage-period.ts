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
