import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import {
  BUSY_MESSAGE,
  GenerationLimiter,
  queueTicketOptions,
  readQueueTicket,
} from './generation-limiter.ts';

const alice = { userId: 'alice' };
const bob = { userId: 'bob' };

/** Queues a generation that records its name when it starts and gives its slot back at once. */
function queue(limiter: GenerationLimiter, order: string[], name: string, userId: string) {
  return limiter.acquire({ userId, id: name }).then((release) => {
    order.push(name);
    release();
  });
}

describe('GenerationLimiter', () => {
  it('runs up to the concurrency at once and starts waiters in order as slots free up', async () => {
    const limiter = new GenerationLimiter(1, 2);
    const order: string[] = [];
    const releaseA = await limiter.acquire(alice);
    const b = limiter.acquire(alice).then((release) => {
      order.push('b');
      return release;
    });
    const c = limiter.acquire(alice).then((release) => {
      order.push('c');
      return release;
    });
    expect([limiter.active, limiter.queued]).toEqual([1, 2]);
    releaseA();
    const releaseB = await b;
    expect(order).toEqual(['b']);
    releaseB();
    (await c)();
    expect(order).toEqual(['b', 'c']);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it('serves users in turn: one user’s queued burst does not push another user’s request behind it', async () => {
    const limiter = new GenerationLimiter(1, 10);
    const release = await limiter.acquire(alice);
    const order: string[] = [];
    const all = [
      queue(limiter, order, 'a1', 'alice'),
      queue(limiter, order, 'a2', 'alice'),
      queue(limiter, order, 'a3', 'alice'),
      queue(limiter, order, 'a4', 'alice'),
      queue(limiter, order, 'b1', 'bob'),
      queue(limiter, order, 'c1', 'carol'),
      queue(limiter, order, 'b2', 'bob'),
    ];
    release();
    await Promise.all(all);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it('gives a newcomer a place in a full line by taking the last place of the user holding the most', async () => {
    const limiter = new GenerationLimiter(1, 3);
    const release = await limiter.acquire(alice);
    const order: string[] = [];
    const failed = (err: unknown) => err as AppError;
    const a1 = queue(limiter, order, 'a1', 'alice');
    const a2 = queue(limiter, order, 'a2', 'alice').catch(failed);
    const a3 = queue(limiter, order, 'a3', 'alice').catch(failed);
    expect(limiter.admits('alice')).toBe(false); // alice alone may fill the line, then no more
    expect(limiter.admits('bob')).toBe(true);

    const b1 = queue(limiter, order, 'b1', 'bob');
    const displaced = await a3;
    expect(displaced).toBeInstanceOf(AppError);
    expect(displaced?.code).toBe('unavailable:model_busy');
    expect(limiter.queued).toBe(3);

    // alice 2, bob 1, carol 0: carol takes alice's last place too.
    const c1 = queue(limiter, order, 'c1', 'carol');
    expect((await a2)?.code).toBe('unavailable:model_busy');
    // One place each: taking anyone's would not be fairer, so dave is turned away.
    expect(limiter.admits('dave')).toBe(false);
    const d1 = await limiter.acquire({ userId: 'dave' }).catch(failed);
    expect((d1 as AppError).statusCode).toBe(503);
    expect(limiter.queued).toBe(3);

    release();
    await Promise.all([a1, b1, c1]);
    expect(order).toEqual(['a1', 'b1', 'c1']);
  });

  it('turns callers away with 503 busy once the line is full', async () => {
    const limiter = new GenerationLimiter(1, 1);
    await limiter.acquire(alice);
    void limiter.acquire(bob);
    expect(limiter.admits('bob')).toBe(false);
    expect(limiter.admits('alice')).toBe(false);
    const rejected = await limiter.acquire(bob).catch((err: unknown) => err);
    expect(rejected).toBeInstanceOf(AppError);
    expect((rejected as AppError).statusCode).toBe(503);
    expect((rejected as AppError).message).toBe(BUSY_MESSAGE);
  });

  it('turns callers away with its own error when given one (the photo line)', async () => {
    const limiter = new GenerationLimiter(1, 2, () => new AppError('unavailable:photo_busy', 'Busy.'));
    await limiter.acquire(alice);
    void limiter.acquire(alice);
    const last = limiter.acquire(alice).catch((err: unknown) => err);
    await expect(limiter.acquire(alice)).rejects.toMatchObject({ code: 'unavailable:photo_busy' });
    // A fairer share displaces alice's last waiter, which gets the same error.
    void limiter.acquire(bob);
    expect(await last).toMatchObject({ code: 'unavailable:photo_busy' });
  });

  it('removes an aborted waiter from the line', async () => {
    const limiter = new GenerationLimiter(1, 1);
    const release = await limiter.acquire(alice);
    const controller = new AbortController();
    const waiting = limiter.acquire(alice, controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(limiter.queued).toBe(0);
    release();
    release(); // a second release is a no-op
    expect(limiter.active).toBe(0);
  });

  it('drops a waiting generation by id with the given reason, and only a waiting one', async () => {
    const limiter = new GenerationLimiter(1, 2);
    const running = await limiter.acquire({ userId: 'alice', id: 'running' });
    const order: string[] = [];
    const dropped = limiter.acquire({ userId: 'alice', id: 'queued' }).catch((err: unknown) => err);
    const next = queue(limiter, order, 'next', 'bob');
    expect(limiter.drop('running', new Error('no'))).toBe(false);
    expect(limiter.drop('queued', new Error('client left'))).toBe(true);
    expect(await dropped).toEqual(new Error('client left'));
    expect(limiter.queued).toBe(1);
    expect(limiter.drop('queued', new Error('again'))).toBe(false);
    running();
    await next;
    expect(order).toEqual(['next']);
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
  });

  it('keeps a closed line waiting (the model is not ready), then lets everyone go in turn when it opens', async () => {
    const limiter = new GenerationLimiter(1, 4, undefined, { closed: true });
    expect(limiter.isOpen).toBe(false);
    const order: string[] = [];
    const wait = (name: string, userId: string) =>
      limiter.whenOpen({ userId, id: name }).then(() => void order.push(name));
    const all = [wait('a1', 'alice'), wait('a2', 'alice'), wait('b1', 'bob')];
    // Nobody starts while closed, not even a caller asking for a slot.
    const slot = limiter.acquire({ userId: 'carol', id: 'c1' }).then((release) => {
      order.push('c1');
      return release;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([]);
    expect([limiter.active, limiter.queued]).toEqual([0, 4]);
    // Full while closed: the same fair rules as an open line (alice holds two, dave none: one is taken).
    expect(limiter.admits('alice')).toBe(false);
    const displaced = wait('d1', 'dave');
    await expect(all[1]).rejects.toMatchObject({ code: 'unavailable:model_busy' });

    limiter.open();
    await Promise.all([all[0], all[2], displaced]);
    const release = await slot;
    expect(order).toEqual(['a1', 'b1', 'c1', 'd1']);
    expect([limiter.active, limiter.queued]).toEqual([1, 0]);
    // Open: waiting for the opening is over at once, and slots are handed out as usual.
    await limiter.whenOpen(alice);
    release();
    expect(limiter.active).toBe(0);
  });

  it('turns away everyone waiting in a closed line when the model cannot be had, and drops by id', async () => {
    const limiter = new GenerationLimiter(1, 3, undefined, { closed: true });
    const dropped = limiter.whenOpen({ userId: 'alice', id: 'gone' }).catch((err: unknown) => err);
    const failed = [limiter.whenOpen(alice), limiter.acquire(bob)].map((p) => p.catch((err: unknown) => err));
    expect(limiter.drop('gone', new Error('client left'))).toBe(true);
    expect(await dropped).toEqual(new Error('client left'));
    const controller = new AbortController();
    const aborted = limiter.whenOpen(bob, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(aborted).rejects.toThrow('stopped');

    limiter.failWaiting(() => new AppError('unavailable:model_missing', 'No AI model is available.'));
    for (const err of await Promise.all(failed))
      expect(err).toMatchObject({ code: 'unavailable:model_missing' });
    expect([limiter.active, limiter.queued]).toEqual([0, 0]);
    await expect(limiter.whenOpen(alice, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });

  it('says when it becomes idle, and closes again only when idle: newcomers then wait for the opening', async () => {
    let idle = 0;
    const limiter = new GenerationLimiter(2, 2, undefined, { onIdle: () => idle++ });
    const first = await limiter.acquire(alice);
    const second = await limiter.acquire(bob);
    expect(() => limiter.close()).toThrow('only an idle line can be closed');
    first();
    expect(idle).toBe(0); // bob's still runs
    second();
    second(); // a second release changes nothing
    expect(idle).toBe(1);

    limiter.close();
    expect(limiter.isOpen).toBe(false);
    const started: string[] = [];
    const waiting = limiter.acquire(alice).then((release) => {
      started.push('alice');
      return release;
    });
    const gate = limiter.whenOpen(bob).then(() => started.push('bob'));
    await Promise.resolve();
    expect([started, limiter.queued]).toEqual([[], 2]);
    limiter.open();
    await gate;
    (await waiting)();
    expect(started.sort()).toEqual(['alice', 'bob']);
    expect(idle).toBe(2);
  });

  it('reads the ticket back from the provider options it travels in', () => {
    expect(readQueueTicket(queueTicketOptions({ userId: 'u1', id: 'g1' }))).toEqual({
      userId: 'u1',
      id: 'g1',
    });
    expect(readQueueTicket(undefined)).toEqual({ userId: '' });
    expect(readQueueTicket({ openai: { user: 'x' } })).toEqual({ userId: '' });
  });
});
