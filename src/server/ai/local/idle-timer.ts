/** A countdown began (`started`), or ran to its end and `onIdle` has been called (`elapsed`). */
export type IdleCountdownEvent = 'started' | 'elapsed';

/**
 * Calls `onIdle` once `idleMs` have passed since the last `restart()`; `idleMs` 0 means never. Whoever
 * is called decides whether it is really idle (the timer only measures time). Unref'd: a pending timer
 * never keeps the process alive. `observe` sees each countdown begin and end, in the timer's own order
 * (tests check when the countdown was counted from without measuring the machine's speed).
 */
export class IdleTimer {
  private readonly idleMs: number;
  private readonly onIdle: () => void;
  private readonly observe: ((event: IdleCountdownEvent) => void) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(idleMs: number, onIdle: () => void, observe?: (event: IdleCountdownEvent) => void) {
    this.idleMs = idleMs;
    this.onIdle = onIdle;
    this.observe = observe;
  }

  restart(): void {
    if (this.idleMs <= 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onIdle();
      this.observe?.('elapsed');
    }, this.idleMs);
    this.timer.unref();
    this.observe?.('started');
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** '15 min', '1.5 min', '0.3 s': how long the model sat unused, for the log. */
export function idleDuration(ms: number): string {
  const round = (n: number) => Math.round(n * 10) / 10;
  return ms >= 60_000 ? `${round(ms / 60_000)} min` : `${round(ms / 1000)} s`;
}
