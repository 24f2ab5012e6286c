import { isDatabaseOutage } from './database-outage.ts';

/**
 * Writes that arrive while the previous one is under way go together in one statement (group commit):
 * after a quiet moment a write goes at once; while they come often, each waits `gatherMs` for others, and
 * those that queued meanwhile follow as one. On the embedded database one multi-row insert of 10 chats
 * costs about a third of the CPU of 10 single inserts (issue 31: the statement's own cost paid once).
 *
 * `write` gets the items in order and answers one result per item, in the same order. When a group
 * fails, each of its items is written alone, so that one bad item (a chat of an account deleted
 * meanwhile) fails only its own caller; when the database is unreachable, the whole group fails at once.
 */
export function groupedWrites<T, R>(
  write: (items: readonly T[]) => Promise<readonly R[]>,
  {
    maxGroup = 100,
    gatherMs = 0,
    now = () => performance.now(),
  }: {
    maxGroup?: number;
    /**
     * While writes come often (the last began less than this ago), a write waits this long for others
     * to join it; after a quiet moment one goes at once. 0: only those that queue behind a write join.
     */
    gatherMs?: number;
    now?: () => number;
  } = {},
): (item: T) => Promise<R> {
  type Pending = { item: T; resolve: (result: R) => void; reject: (err: unknown) => void };
  const queue: Pending[] = [];
  let writing = false;
  let gathering: NodeJS.Timeout | null = null;
  let lastWriteAt = Number.NEGATIVE_INFINITY;

  const writeAlone = async (pending: Pending) => {
    try {
      const [result] = await write([pending.item]);
      pending.resolve(result as R);
    } catch (err) {
      pending.reject(err);
    }
  };

  const drain = async () => {
    gathering = null;
    writing = true;
    while (queue.length > 0) {
      lastWriteAt = now();
      const group = queue.splice(0, maxGroup);
      if (group.length === 1) {
        await writeAlone(group[0]!);
        continue;
      }
      try {
        const results = await write(group.map((pending) => pending.item));
        for (const [i, pending] of group.entries()) pending.resolve(results[i] as R);
      } catch (err) {
        // The database is unreachable: every item would wait for its own timeout; their callers retry.
        if (isDatabaseOutage(err)) for (const pending of group) pending.reject(err);
        else for (const pending of group) await writeAlone(pending);
      }
    }
    writing = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (writing || gathering) return;
      if (gatherMs > 0 && now() - lastWriteAt < gatherMs) gathering = setTimeout(drain, gatherMs);
      else void drain();
    });
}
