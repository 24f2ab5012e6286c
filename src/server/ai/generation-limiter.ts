import { AppError } from '../errors.ts';

export const BUSY_MESSAGE = 'The AI model is busy, please try again in a moment.';

/**
 * At most `concurrency` generations run at once; up to `maxWaiting` more wait in line (FIFO); past that,
 * callers get a 503 at once rather than an unbounded wait.
 */
export class GenerationLimiter {
  private running = 0;
  private readonly waiting: Array<{ start: () => void; fail: (err: unknown) => void }> = [];

  readonly concurrency: number;
  readonly maxWaiting: number;

  constructor(concurrency: number, maxWaiting: number) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** True when a new caller would be turned away. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.maxWaiting;
  }

  /**
   * Takes a slot, waiting in line if needed. Resolves with the function that gives the slot back; rejects
   * with 503 when the line is full, or with the signal's reason when aborted while waiting.
   */
  acquire(signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.maxWaiting) {
      return Promise.reject(
        new AppError('unavailable:model_busy', BUSY_MESSAGE, { headers: { 'retry-after': '5' } }),
      );
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running++;
          resolve(this.releaser());
        },
        fail: reject,
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.waiting.shift()?.start();
    };
  }
}
