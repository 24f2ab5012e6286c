/**
 * Writes that arrive while the previous one is under way go together in one statement (group commit):
 * alone, a write goes at once; under load, the ones that queued meanwhile follow as one. On the embedded
 * database one multi-row insert of 10 chats costs about a third of the CPU of 10 single inserts
 * (issue 31: a chat's full-text index and the statement's own cost, paid once), and nothing waits longer
 * than the write before it.
 *
 * `write` gets the items in order and answers one result per item, in the same order. When a group
 * fails, each of its items is written alone, so that one bad item (a chat of an account deleted
 * meanwhile) fails only its own caller.
 */
export function groupedWrites<T, R>(
  write: (items: readonly T[]) => Promise<readonly R[]>,
  { maxGroup = 100 }: { maxGroup?: number } = {},
): (item: T) => Promise<R> {
  type Pending = { item: T; resolve: (result: R) => void; reject: (err: unknown) => void };
  const queue: Pending[] = [];
  let writing = false;

  const writeAlone = async (pending: Pending) => {
    try {
      const [result] = await write([pending.item]);
      pending.resolve(result as R);
    } catch (err) {
      pending.reject(err);
    }
  };

  const drain = async () => {
    writing = true;
    while (queue.length > 0) {
      const group = queue.splice(0, maxGroup);
      if (group.length === 1) {
        await writeAlone(group[0]!);
        continue;
      }
      try {
        const results = await write(group.map((pending) => pending.item));
        for (const [i, pending] of group.entries()) pending.resolve(results[i] as R);
      } catch {
        for (const pending of group) await writeAlone(pending);
      }
    }
    writing = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!writing) void drain();
    });
}
