/**
 * Calls `onIdle` once `idleMs` have passed since the last `restart()`; `idleMs` 0 means never. Whoever
 * is called decides whether it is really idle (the timer only measures time). Unref'd: a pending timer
 * never keeps the process alive.
 */
export class IdleTimer {
  private readonly idleMs: number;
  private readonly onIdle: () => void;
  private timer: NodeJS.Timeout | undefined;

  constructor(idleMs: number, onIdle: () => void) {
    this.idleMs = idleMs;
    this.onIdle = onIdle;
  }

  restart(): void {
    if (this.idleMs <= 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.onIdle();
    }, this.idleMs);
    this.timer.unref();
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
