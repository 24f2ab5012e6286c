/**
 * Runs the tasks of one key one after another within this process, other keys freely: a per-user
 * transaction that takes a per-user advisory lock is sent to the database only when the user's
 * previous one has ended, so a burst from one user waits here, in memory, instead of holding every
 * pooled connection while it queues on the lock (other users then find no connection, and the pool's
 * connection timeout fails the burst's tail with 503). The advisory lock still orders the instances.
 */
export type KeyedTurns = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createKeyedTurns(): KeyedTurns {
  const tails = new Map<string, Promise<void>>();
  return async (key, task) => {
    const previous = tails.get(key);
    const run = previous ? previous.then(task) : task();
    const tail = run.then(
      () => {},
      () => {},
    );
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
