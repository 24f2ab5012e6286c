import type { SharedV3ProviderOptions } from '@ai-sdk/provider';
import { AppError } from '#server/errors';

export const BUSY_MESSAGE = 'The AI model is busy, please try again in a moment.';

/** Who is asking: the fair share is per user; the id lets a waiting generation be dropped. */
export interface QueueTicket {
  userId: string;
  id?: string;
}

/**
 * The ticket travels to the local model inside the call's provider options, under the provider's own
 * name ('local'), as the AI SDK intends for provider-specific settings; remote providers ignore it.
 */
export function queueTicketOptions(ticket: QueueTicket): SharedV3ProviderOptions {
  return { local: { ...ticket } };
}

export function readQueueTicket(options: SharedV3ProviderOptions | undefined): QueueTicket {
  const local = options?.local;
  const userId = typeof local?.userId === 'string' ? local.userId : '';
  return typeof local?.id === 'string' ? { userId, id: local.id } : { userId };
}

interface Waiter {
  ticket: QueueTicket;
  start: () => void;
  fail: (err: unknown) => void;
}

/** 503: no place for this generation in the local model's line. */
export function busyError(): AppError {
  return new AppError('unavailable:model_busy', BUSY_MESSAGE, { headers: { 'retry-after': '5' } });
}

/**
 * At most `concurrency` generations run at once; up to `maxWaiting` more wait in line; past that, callers
 * get a 503 at once rather than an unbounded wait. The line is fair between users: freed slots go to
 * users in turn (round-robin, each user's own generations in order), and when the line is full a user
 * with fewer waiting generations takes the last place of the user holding the most, so one user's
 * burst never locks the others out.
 */
export class GenerationLimiter {
  private running = 0;
  /** Waiting generations per user; the map's order is the round-robin order. */
  private readonly waiting = new Map<string, Waiter[]>();
  private waitingCount = 0;

  readonly concurrency: number;
  readonly maxWaiting: number;
  /** The error of a caller with no place in line (the local model's 503 unless told otherwise). */
  private readonly busy: () => AppError;

  constructor(concurrency: number, maxWaiting: number, busy: () => AppError = busyError) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
    this.busy = busy;
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waitingCount;
  }

  /** True when this user would be admitted now: a free slot, a free place in line, or a fairer share. */
  admits(userId: string): boolean {
    if (this.running < this.concurrency || this.waitingCount < this.maxWaiting) return true;
    return this.displaceable(userId) !== undefined;
  }

  /**
   * Takes a slot, waiting in line if needed. Resolves with the function that gives the slot back; rejects
   * with 503 when there is no place in line (now, or later when displaced by a fairer share), with the
   * signal's reason when aborted while waiting, or with the reason given to `drop`.
   */
  acquire(ticket: QueueTicket, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    if (this.waitingCount >= this.maxWaiting) {
      const victim = this.displaceable(ticket.userId);
      if (!victim) return Promise.reject(this.busy());
      this.remove(victim);
      victim.fail(this.busy());
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.remove(waiter);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        ticket,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running++;
          resolve(this.releaser());
        },
        fail: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const line = this.waiting.get(ticket.userId);
      if (line) line.push(waiter);
      else this.waiting.set(ticket.userId, [waiter]);
      this.waitingCount++;
    });
  }

  /** Drops the waiting generation with this id (rejecting it with `reason`); false if it is not waiting. */
  drop(id: string, reason: unknown): boolean {
    for (const line of this.waiting.values()) {
      const waiter = line.find((w) => w.ticket.id === id);
      if (waiter) {
        this.remove(waiter);
        waiter.fail(reason);
        return true;
      }
    }
    return false;
  }

  /** The last waiter of the user holding the most places, if that user holds two more than `userId`. */
  private displaceable(userId: string): Waiter | undefined {
    const own = this.waiting.get(userId)?.length ?? 0;
    let most: Waiter[] | undefined;
    for (const line of this.waiting.values()) if (line.length > (most?.length ?? 0)) most = line;
    return most && most.length >= own + 2 ? most.at(-1) : undefined;
  }

  private remove(waiter: Waiter): void {
    const line = this.waiting.get(waiter.ticket.userId);
    const index = line?.indexOf(waiter) ?? -1;
    if (!line || index < 0) return;
    line.splice(index, 1);
    this.waitingCount--;
    if (line.length === 0) this.waiting.delete(waiter.ticket.userId);
  }

  /** The next user in turn gives up their first waiter, and goes to the back of the rotation. */
  private next(): Waiter | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [userId, line] = first.value;
    const waiter = line.shift();
    this.waitingCount--;
    this.waiting.delete(userId);
    if (line.length > 0) this.waiting.set(userId, line);
    return waiter;
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      this.next()?.start();
    };
  }
}
