/**
 * Where a plan's generations are counted before the model is called (issue 31, ADR 0028): the count a
 * holder (a user or a team) has used in a period, decided without a database statement.
 *
 * - `memoryPlanCounts`, on the embedded database: one server process per data directory (ADR 0010),
 *   so this process's memory is the authority. A holder's count is read from the database on their first
 *   call in a period; then each admission is checked and added in one synchronous step.
 * - `redisPlanCounts` (redis-plan-counts.ts), with several instances: one Redis script per admission.
 *
 * Either way the database row of the generation is written after, and a count this process no longer
 * knows is read from the database again (a restart recounts).
 */
export interface PlanCounts {
  /**
   * Whether other instances count through it too (Redis): the generation's reservation row is then
   * written after its admission, so that the database's own count sees it while it runs.
   */
  readonly shared: boolean;
  /**
   * Takes one generation of `key`'s count if fewer than `limit` are used (`null`: no limit, counted all
   * the same, so that a plan changed mid-period starts from the true count). `seed` reads the count
   * from the database when this authority has none. Resolves `false` when none is left; rejects when
   * the authority cannot answer (the caller then decides in the database).
   */
  admit(key: string, limit: number | null, seed: () => Promise<number>, expiresAt: Date): Promise<boolean>;
  /** Gives back one generation admitted under `key` that did not count (failed, stopped before output). */
  giveBack(key: string): Promise<void>;
  /**
   * The generation admitted under `key` is written to the database (or given back): until then its
   * count must not be forgotten, since the database does not know it yet.
   */
  written(key: string): void;
  /** The count used under `key`, when this authority knows it (GET /api/users/:uid shows it). */
  peek(key: string): Promise<number | null>;
  /**
   * A generation of `key` was counted in the database while this authority could not answer: its count
   * is read from the rows again as soon as it can (Redis back).
   */
  forget(key: string): void;
}

interface Count {
  used: number;
  /** Admitted and not yet written to the database (or given back). */
  unwritten: number;
  /** When the period ends: a count past it is forgotten. */
  expiresAt: number;
  /** Just read, its first admission still to come: kept whatever the eviction. */
  fresh: boolean;
}

/** Counts kept in memory; past this many, those with nothing unwritten and whose period ended first go. */
const MAX_COUNTS = 50_000;

export function memoryPlanCounts(now: () => number = Date.now): PlanCounts {
  const counts = new Map<string, Count>();
  /** Counts being read from the database: every first call of a holder waits for the same read. */
  const loading = new Map<string, Promise<Count>>();

  const forgetSome = () => {
    if (counts.size < MAX_COUNTS) return;
    const at = now();
    for (const [key, count] of counts) {
      if (count.unwritten === 0 && !count.fresh && (count.expiresAt <= at || counts.size >= MAX_COUNTS))
        counts.delete(key);
      if (counts.size < MAX_COUNTS * 0.9) break;
    }
  };

  const load = (key: string, seed: () => Promise<number>, expiresAt: Date): Promise<Count> => {
    const known = counts.get(key);
    if (known) return Promise.resolve(known);
    let pending = loading.get(key);
    if (!pending) {
      pending = seed()
        .then((used) => {
          forgetSome();
          const count = { used, unwritten: 0, expiresAt: expiresAt.getTime(), fresh: true };
          counts.set(key, count);
          return count;
        })
        .finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  };

  return {
    shared: false,
    async admit(key, limit, seed, expiresAt) {
      const count = counts.get(key) ?? (await load(key, seed, expiresAt));
      // From here to the increment, no await: concurrent calls of one holder take turns in this step.
      count.fresh = false;
      if (limit !== null && count.used >= limit) return false;
      count.used++;
      count.unwritten++;
      return true;
    },
    async giveBack(key) {
      const count = counts.get(key);
      if (count && count.used > 0) count.used--;
    },
    written(key) {
      const count = counts.get(key);
      if (count && count.unwritten > 0) count.unwritten--;
    },
    async peek(key) {
      return counts.get(key)?.used ?? null;
    },
    forget(key) {
      const count = counts.get(key);
      if (count && count.unwritten === 0) counts.delete(key);
    },
  };
}
