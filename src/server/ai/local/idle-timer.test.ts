import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer, idleDuration } from './idle-timer.ts';

describe('IdleTimer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once the time has passed since the last restart, again after a later restart', () => {
    let calls = 0;
    const timer = new IdleTimer(1000, () => calls++);
    timer.restart();
    vi.advanceTimersByTime(900);
    timer.restart(); // a use: the countdown starts over
    vi.advanceTimersByTime(900);
    expect(calls).toBe(0);
    vi.advanceTimersByTime(100);
    expect(calls).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(calls).toBe(1);
    timer.restart();
    vi.advanceTimersByTime(1000);
    expect(calls).toBe(2);
  });

  it('never calls with 0, nor once stopped, and keeps no process alive', () => {
    let calls = 0;
    const never = new IdleTimer(0, () => calls++);
    never.restart();
    vi.advanceTimersByTime(10 ** 9);
    const stopped = new IdleTimer(1000, () => calls++);
    stopped.restart();
    stopped.stop();
    vi.advanceTimersByTime(2000);
    expect(calls).toBe(0);

    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    new IdleTimer(1000, () => {}).restart();
    const made = setTimeoutSpy.mock.results[0]?.value as NodeJS.Timeout | undefined;
    expect(made?.hasRef()).toBe(false);
    setTimeoutSpy.mockRestore();
  });

  it('tells its observer when each countdown begins, and when one has run out once onIdle was called', () => {
    const seen: string[] = [];
    const timer = new IdleTimer(
      1000,
      () => seen.push('onIdle'),
      (event) => seen.push(event),
    );
    timer.restart();
    vi.advanceTimersByTime(500);
    timer.restart();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['started', 'started', 'onIdle', 'elapsed']);
    new IdleTimer(
      0,
      () => {},
      (event) => seen.push(event),
    ).restart();
    expect(seen).toHaveLength(4);
  });

  it('says how long the model sat unused', () => {
    expect(idleDuration(900_000)).toBe('15 min');
    expect(idleDuration(90_000)).toBe('1.5 min');
    expect(idleDuration(300)).toBe('0.3 s');
  });
});
