import { describe, expect, it } from 'vitest';
import { generationsUsedUp } from './usage-errors.ts';
import { calendarMonthUtc } from './usage-period.ts';

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
