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
  /** Waits for the line to open (`whenOpen`) and takes no slot. */
  gate: boolean;
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
 *
 * A line may start closed (the local model is still downloading or loading): nobody starts, everyone
 * waits in it under the same rules, and `open()` lets them go, or `failWaiting()` turns them away. An
 * idle line may be closed again (`close()`: the local model leaves memory until the next request).
 */
export class GenerationLimiter {
  private running = 0;
  private closed: boolean;
  /** Waiting generations per user; the map's order is the round-robin order. */
  private readonly waiting = new Map<string, Waiter[]>();
  private waitingCount = 0;

  readonly concurrency: number;
  readonly maxWaiting: number;
  /** The error of a caller with no place in line (the local model's 503 unless told otherwise). */
  private readonly busy: () => AppError;
  private readonly onIdle: (() => void) | undefined;

  /** `onIdle`: called each time a slot is given back and nothing runs or waits any more. */
  constructor(
    concurrency: number,
    maxWaiting: number,
    busy: () => AppError = busyError,
    options: { closed?: boolean; onIdle?: () => void } = {},
  ) {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
    this.busy = busy;
    this.closed = options.closed ?? false;
    this.onIdle = options.onIdle;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waitingCount;
  }

  /** True when this user would be admitted now: a free slot, a free place in line, or a fairer share. */
  admits(userId: string): boolean {
    if (this.hasFreeSlot() || this.waitingCount < this.maxWaiting) return true;
    return this.displaceable(userId) !== undefined;
  }

  /**
   * Takes a slot, waiting in line if needed. Resolves with the function that gives the slot back; rejects
   * with 503 when there is no place in line (now, or later when displaced by a fairer share), with the
   * signal's reason when aborted while waiting, or with the reason given to `drop`.
   */
  acquire(ticket: QueueTicket, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.hasFreeSlot()) {
      this.running++;
      return Promise.resolve(this.releaser());
    }
    return this.wait(ticket, signal, false) as Promise<() => void>;
  }

  /**
   * Resolves once the line is open (at once when it is), taking no slot: a closed line's waiters keep
   * their place and their fair share until then. Rejects like `acquire`.
   */
  whenOpen(ticket: QueueTicket, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (!this.closed) return Promise.resolve();
    return this.wait(ticket, signal, true) as Promise<unknown> as Promise<void>;
  }

  /** Opens a closed line: everyone waiting for the opening goes on, in turn, and free slots are taken. */
  open(): void {
    if (!this.closed) return;
    this.closed = false;
    const held: Waiter[] = [];
    for (let waiter = this.next(); waiter; waiter = this.next()) {
      if (waiter.gate || this.running < this.concurrency) waiter.start();
      else held.push(waiter);
    }
    for (const waiter of held) this.enqueue(waiter);
  }

  /** Closes the line again: whoever comes waits for the next `open()`. Only for an idle line. */
  close(): void {
    if (this.running > 0 || this.waitingCount > 0) throw new Error('only an idle line can be closed');
    this.closed = true;
  }

  /** Turns away everyone waiting (the model could not be had), each with the error `reason()` makes. */
  failWaiting(reason: () => unknown): void {
    for (let waiter = this.next(); waiter; waiter = this.next()) waiter.fail(reason());
  }

  private hasFreeSlot(): boolean {
    return !this.closed && this.running < this.concurrency;
  }

  /**
   * Joins the line (taking the place of a less fair share when it is full); resolves when started, with
   * the slot's release function unless it only waited for the opening.
   */
  private wait(
    ticket: QueueTicket,
    signal: AbortSignal | undefined,
    gate: boolean,
  ): Promise<(() => void) | undefined> {
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
        gate,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          if (gate) return resolve(undefined);
          this.running++;
          resolve(this.releaser());
        },
        fail: (err) => {
          signal?.removeEventListener('abort', onAbort);
          reject(err);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.enqueue(waiter);
    });
  }

  private enqueue(waiter: Waiter): void {
    const line = this.waiting.get(waiter.ticket.userId);
    if (line) line.push(waiter);
    else this.waiting.set(waiter.ticket.userId, [waiter]);
    this.waitingCount++;
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
      if (this.running === 0 && this.waitingCount === 0) this.onIdle?.();
    };
  }
}
