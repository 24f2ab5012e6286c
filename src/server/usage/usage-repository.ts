import { and, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { groupedWrites } from '#server/db/grouped-writes';
import { createKeyedTurns } from '#server/db/keyed-turns';
import { generationUsage, member, organizationPlan, profile } from '#server/db/schema';
import { monthlyGenerationLimit } from '#shared/plans';
import type { GenerationUsage } from '#shared/user';
import type { PlanCounts } from './plan-counts.ts';
import { generationsUsedUp } from './usage-errors.ts';
import { type PlanState, planInForce, type UsagePeriod } from './usage-period.ts';

export interface UsageRepositoryOptions {
  /** FREE_GENERATIONS_PER_MONTH: the free plan's limit (the paid plans' are in src/shared/plans.ts). */
  freeGenerationsPerMonth: number;
  /** The clock periods are read from (tests move it across a month). */
  now?: () => Date;
  /**
   * How long a reservation counts without being committed: one left by an instance that crashed
   * mid-generation stops counting after this, so the user gets it back.
   */
  reservationTtlMs?: number;
  /**
   * Where a generation is counted before the model is called (plan-counts.ts): this process's memory on
   * the embedded database, Redis with several instances; absent, the database decides (a transaction
   * per reservation under the holder's lock), as it does whenever the authority cannot answer.
   */
  counts?: PlanCounts | null;
  /**
   * How long a holder's plan and period are remembered for admissions (ms); `plansChanged` forgets them
   * at once. 0: read each time.
   */
  planCacheMs?: number;
  /** Logs what could not be written after an admission (it is retried where it matters). */
  log?: { warn(obj: object, msg: string): void };
  /** Whether `userId` is a member of the team `organizationId` (a workspace an access token names). */
  isMember?: (userId: string, organizationId: string) => Promise<boolean>;
}

/** A generation admitted by the counting authority, until its row is written as used or it is given back. */
interface Admitted {
  countKey: string;
  userId: string;
  tool: string;
  organizationId: string | null;
  createdAt: Date;
  /** Redis: the reservation row written after the admission, so that the database's own count sees it. */
  written: Promise<void> | null;
  /** Given back to the authority already (a release retried after a database outage). */
  givenBack?: boolean;
}

// First key of the per-user advisory locks ('usag'), apart from the history quota's and the migration lock.
const USAGE_LOCK_SPACE = 0x75736167;
const DEFAULT_RESERVATION_TTL_MS = 15 * 60_000;
/** How long a usage row may wait for others to be written with it, while many generations end. */
const GATHER_MS = 10;
/**
 * How long plans read for admissions are kept: a change made through the app is known at once
 * (`plansChanged`, on every instance); this bounds one made otherwise (straight in the database).
 */
const DEFAULT_PLAN_CACHE_MS = 60_000;

/** The profile's columns the plan in force and its period are read from (usage-period.ts PlanState). */
const planStateColumns = {
  subscription: profile.subscription,
  periodStart: profile.periodStart,
  periodEnd: profile.periodEnd,
  cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
};
const teamPlanColumns = {
  subscription: organizationPlan.subscription,
  periodStart: organizationPlan.periodStart,
  periodEnd: organizationPlan.periodEnd,
  cancelAtPeriodEnd: organizationPlan.cancelAtPeriodEnd,
};

/**
 * Whose plan counts a generation: the user's own, or the team's they work in (ADR 0026). A team's
 * generations are rows with its id; a user's own are their rows without one, so a generation is
 * counted by exactly one plan.
 */
type Holder = { kind: 'user'; userId: string } | { kind: 'team'; organizationId: string };

const countedBy = (holder: Holder): SQL =>
  holder.kind === 'team'
    ? eq(generationUsage.organizationId, holder.organizationId)
    : (and(eq(generationUsage.userId, holder.userId), isNull(generationUsage.organizationId)) as SQL);

/** The advisory lock's second key: one per plan holder. */
const lockKey = (holder: Holder) =>
  holder.kind === 'team' ? `team:${holder.organizationId}` : holder.userId;

/**
 * Generations counted against the user's plan (table `generation_usage`), apart from the chats so that
 * deleting history gives nothing back. A generation is reserved before the model is called, then
 * committed when it succeeded or released when it failed or was stopped before any output.
 */
export function createUsageRepository(db: Db, options: UsageRepositoryOptions) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
  const now = options.now ?? (() => new Date());
  const ttlMs = options.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS;

  /** The plan in force and its counting period (usage-period.ts). */
  async function planOf(q: Db | Tx, userId: string, at: Date) {
    const [row] = await q.select(planStateColumns).from(profile).where(eq(profile.userId, userId));
    return planInForce(row ?? null, at);
  }

  /**
   * A team's plan in force and its period (the free plan for a team without one), and whether it
   * counts its members' generations: a paid plan does, unless the team has more members than the seats
   * its subscription pays for (then each member's own plan counts until seats are added).
   */
  async function teamPlanOf(q: Db | Tx, organizationId: string, at: Date) {
    const [row] = await q
      .select({
        ...teamPlanColumns,
        seats: organizationPlan.seats,
        subscribed: sql<boolean>`${organizationPlan.stripeSubscriptionId} is not null`,
        members: sql<number>`(select count(*)::int from ${member} where ${member.organizationId} = ${organizationId})`,
      })
      .from(organizationPlan)
      .where(eq(organizationPlan.organizationId, organizationId));
    const plan = planInForce(row ?? null, at);
    const seats = row?.subscribed ? row.seats : null;
    const overSeats = row !== undefined && seats !== null && row.members > seats;
    return { ...plan, counts: plan.planId !== 'free' && !overSeats };
  }

  /**
   * Who counts a generation of `userId` working in `organizationId`'s workspace (null: their own): the
   * team when its plan counts (`teamPlanOf`), else the user, whose own plan then applies.
   */
  async function holderOf(q: Db | Tx, userId: string, organizationId: string | null, at: Date) {
    if (organizationId !== null) {
      const team = await teamPlanOf(q, organizationId, at);
      if (team.counts) return { holder: { kind: 'team', organizationId } as Holder, ...team };
    }
    return { holder: { kind: 'user', userId } as Holder, ...(await planOf(q, userId, at)) };
  }

  /** What counts in the period `at` falls in: used generations and reservations young enough to still be running. */
  function countedInPeriod(at: Date, { start, end }: UsagePeriod) {
    const liveSince = new Date(at.getTime() - ttlMs);
    return and(
      gte(generationUsage.createdAt, start),
      lt(generationUsage.createdAt, end),
      or(eq(generationUsage.status, 'used'), gt(generationUsage.createdAt, liveSince)),
    );
  }

  async function countInPeriod(q: Db | Tx, holder: Holder, at: Date, period: UsagePeriod): Promise<number> {
    const [row] = await q
      .select({ count: sql<number>`count(*)::int` })
      .from(generationUsage)
      .where(and(countedBy(holder), countedInPeriod(at, period)));
    return row?.count ?? 0;
  }

  // Run after every generation: its SQL built once.
  const commitQuery = db
    .update(generationUsage)
    .set({ status: 'used' })
    .where(eq(generationUsage.generationId, sql.placeholder('generationId')))
    .prepare('usage_commit');

  const limitOf = (planId: string) => monthlyGenerationLimit(planId, options.freeGenerationsPerMonth);

  /** Locks the holder's count to the end of the transaction (and no wait for the disk at commit). */
  const lockQuery = (holder: Holder) =>
    sql`pg_advisory_xact_lock(${USAGE_LOCK_SPACE}::int, hashtext(${lockKey(holder)}))`;
  const unsynced = sql`set_config('synchronous_commit', 'off', true)`;

  /**
   * The holder whose count a reservation goes into, its plan and period, with the holder's lock taken.
   * A user's own plan is read in the lock's statement (one round trip, the common case); a team's plan
   * is read first, and its lock taken only when it is a paid plan.
   */
  async function lockHolder(tx: Tx, userId: string, organizationId: string | null, at: Date) {
    if (organizationId !== null) {
      const team = await teamPlanOf(tx, organizationId, at);
      if (team.counts) {
        const holder: Holder = { kind: 'team', organizationId };
        await tx.execute(sql`select ${lockQuery(holder)}, ${unsynced}`);
        return { holder, ...team };
      }
    }
    const holder: Holder = { kind: 'user', userId };
    // A crash that loses a reservation loses one generation not counted, as one whose instance
    // crashed is after its TTL: no wait for the disk at commit.
    const [state] = await tx
      .select({ ...planStateColumns, locked: lockQuery(holder), unsynced })
      .from(sql`(select 1) as one`)
      .leftJoin(profile, eq(profile.userId, userId));
    return { holder, ...planInForce(state?.subscription == null ? null : (state as PlanState), at) };
  }

  /** The reservation itself: the holder's turn in this process has come (`reserve`). */
  const reserveNow = async (
    userId: string,
    organizationId: string | null,
    generationId: string,
    tool: string,
  ): Promise<void> => {
    await db.transaction(async (tx) => {
      const at = now();
      const { holder, planId, period } = await lockHolder(tx, userId, organizationId, at);
      const teamId = holder.kind === 'team' ? holder.organizationId : null;
      const limit = limitOf(planId);
      if (limit === null) {
        await tx.insert(generationUsage).values({
          userId,
          generationId,
          tool,
          status: 'reserved',
          createdAt: at,
          organizationId: teamId,
        });
        return;
      }
      // The count and the insert in one statement, after the lock: it sees every reservation before it.
      const { rows } = await tx.execute(sql`
          insert into ${generationUsage} (user_id, generation_id, tool, status, created_at, organization_id)
          select ${userId}, ${generationId}, ${tool}, 'reserved', ${at.toISOString()}::timestamptz, ${teamId}
          where (
            select count(*) from ${generationUsage}
            where ${and(countedBy(holder), countedInPeriod(at, period))}
          ) < ${limit}
          returning 1`);
      if (rows.length === 0) throw generationsUsedUp(planId, limit, holder.kind);
    });
  };
  const inTurn = createKeyedTurns();
  /** The reservation in the database, under the holder's lock: the path when no authority answers. */
  const reserveInDatabase = (
    userId: string,
    organizationId: string | null,
    generationId: string,
    tool: string,
  ): Promise<void> =>
    inTurn(organizationId ? `team:${organizationId}` : userId, () =>
      reserveNow(userId, organizationId, generationId, tool),
    );

  const counts = options.counts ?? null;
  const planCacheMs = options.planCacheMs ?? DEFAULT_PLAN_CACHE_MS;
  /** Users' and teams' plans and memberships read for recent admissions (`holderFor`). */
  const plans = new Map<string, { value: unknown; until: number }>();
  /** Moves on with every `plansChanged`: a read begun before a change is not remembered after it. */
  let plansEpoch = 0;
  /** Generations the authority admitted, until their row is written as used or they are given back. */
  const admitted = new Map<string, Admitted>();

  /**
   * Whose plan counts a generation of `userId` who works in `workspace` (the access token's team, null:
   * their own), its plan and its period. The membership, the team's plan and the user's own are each
   * remembered (`remembered`). A workspace the user is not a member of (any more) counts as their own.
   */
  async function holderFor(userId: string, workspace: string | null, at: Date) {
    const member =
      workspace !== null &&
      (options.isMember
        ? await remembered(`member:${userId}:${workspace}`, at, () => options.isMember!(userId, workspace))
        : true);
    if (member) {
      // One read of a team's plan for all its members.
      const team = await remembered(`team:${workspace}`, at, () => teamPlanOf(db, workspace, at));
      if (team.counts) return { holder: { kind: 'team', organizationId: workspace } as Holder, ...team };
    }
    const own = await remembered(`user:${userId}`, at, () => planOf(db, userId, at));
    return { holder: { kind: 'user', userId } as Holder, ...own };
  }

  /**
   * `read()` as it was within the last `planCacheMs` (a plan past its period's end is read again), unless
   * `plansChanged` came since.
   */
  async function remembered<T>(key: string, at: Date, read: () => Promise<T>): Promise<T> {
    const known = plans.get(key);
    if (known && at.getTime() < known.until) {
      const period = (known.value as { period?: UsagePeriod }).period;
      if (!period || (at >= period.start && at < period.end)) return known.value as T;
    }
    const epoch = plansEpoch;
    const value = await read();
    if (epoch === plansEpoch && planCacheMs > 0) {
      if (plans.size >= 100_000) plans.clear();
      plans.set(key, { value, until: at.getTime() + planCacheMs });
    }
    return value;
  }

  const countKey = (holder: Holder, period: UsagePeriod) => `${lockKey(holder)}:${period.start.getTime()}`;

  // Written once a generation counted (memory or Redis admission): its row as used, whether or not its
  // reservation row was written (Redis writes one; memory does not). Those that end while others are
  // being written go together (db/grouped-writes.ts).
  const writeUsed = groupedWrites(
    async (rows: readonly Omit<typeof generationUsage.$inferInsert, 'status'>[]) => {
      await db
        .insert(generationUsage)
        .values(rows.map((row) => ({ ...row, status: 'used' })))
        .onConflictDoUpdate({ target: generationUsage.generationId, set: { status: 'used' } });
      return rows.map(() => undefined);
    },
    { gatherMs: GATHER_MS },
  );

  const releaseInDatabase = (generationId: string) =>
    db
      .delete(generationUsage)
      .where(and(eq(generationUsage.generationId, generationId), eq(generationUsage.status, 'reserved')));

  /** Admits one generation through the authority; false when it could not answer (Redis down). */
  async function admitFast(
    authority: PlanCounts,
    userId: string,
    workspace: string | null,
    generationId: string,
    tool: string,
  ): Promise<boolean> {
    const at = now();
    const { holder, planId, period } = await holderFor(userId, workspace, at);
    const key = countKey(holder, period);
    const limit = limitOf(planId);
    let taken: boolean;
    try {
      taken = await authority.admit(key, limit, () => countInPeriod(db, holder, at, period), period.end);
    } catch (err) {
      options.log?.warn({ err }, 'plan counts unavailable: counting this generation in the database');
      // Its count misses this generation: read from the rows again once the authority answers.
      authority.forget(key);
      return false;
    }
    if (!taken) throw generationsUsedUp(planId, limit ?? 0, holder.kind);
    const organizationId = holder.kind === 'team' ? holder.organizationId : null;
    const entry: Admitted = { countKey: key, userId, tool, organizationId, createdAt: at, written: null };
    // Shared counts: the reservation row too, after the admission and off the first token's path, so that
    // the database's own count (Redis down, or a count read again) sees the generation running.
    if (authority.shared) {
      entry.written = db
        .insert(generationUsage)
        .values({ userId, generationId, tool, status: 'reserved', createdAt: at, organizationId })
        .onConflictDoNothing({ target: generationUsage.generationId })
        .then(
          () => {},
          (err: unknown) => options.log?.warn({ err, generationId }, 'could not write a reservation row'),
        );
    }
    admitted.set(generationId, entry);
    return true;
  }

  return {
    /**
     * Reserves one generation of the plan that counts `userId`'s generations in `workspace` (the access
     * token's team, null: their own) for `generationId`; 402 `payment_required:quota` when none is
     * left. Concurrent calls never pass the limit: the counting authority (plan-counts.ts) decides in
     * one step, without a database statement once it knows the holder's count; without one (or while it
     * cannot answer), a per-holder lock in the database held to the end of the transaction makes them
     * take turns, on any instance (within this process they wait before taking a connection,
     * db/keyed-turns.ts).
     */
    async reserve(
      userId: string,
      generationId: string,
      tool: string,
      workspace: string | null = null,
    ): Promise<void> {
      if (counts && (await admitFast(counts, userId, workspace, generationId, tool))) return;
      const member =
        workspace !== null && (options.isMember ? await options.isMember(userId, workspace) : true);
      await reserveInDatabase(userId, member ? workspace : null, generationId, tool);
    },

    /** The generation succeeded: its reservation counts for good. */
    async commit(generationId: string): Promise<void> {
      const entry = admitted.get(generationId);
      if (!entry) {
        await commitQuery.execute({ generationId });
        return;
      }
      await entry.written;
      await writeUsed({
        userId: entry.userId,
        generationId,
        tool: entry.tool,
        createdAt: entry.createdAt,
        organizationId: entry.organizationId,
      });
      admitted.delete(generationId);
      counts?.written(entry.countKey);
    },

    /** The generation failed, was stopped before any output or never started: it gives its reservation back. */
    async release(generationId: string): Promise<void> {
      const entry = admitted.get(generationId);
      if (!entry) {
        await releaseInDatabase(generationId);
        return;
      }
      if (!entry.givenBack) {
        entry.givenBack = true;
        await counts?.giveBack(entry.countKey).catch((err: unknown) => {
          // Redis down: the count is read from the database again within REFRESH_MS.
          options.log?.warn({ err, generationId }, 'could not give a generation back to the plan count');
        });
      }
      if (entry.written) {
        await entry.written;
        await releaseInDatabase(generationId);
      }
      admitted.delete(generationId);
      counts?.written(entry.countKey);
    },

    /**
     * A plan, a team's seats or a membership changed: the plans remembered for admissions are read
     * again (on this instance; plan-changes.ts tells the others).
     */
    plansChanged(): void {
      plansEpoch++;
      plans.clear();
    },

    /**
     * The count this period under the plan that counts the user's generations in `organizationId`'s
     * workspace (null: their own), as GET /api/users/:uid shows it.
     */
    async usage(userId: string, organizationId: string | null = null): Promise<GenerationUsage> {
      const at = now();
      const { holder, planId, period } = await holderOf(db, userId, organizationId, at);
      // The authority's count includes the generations running now, as the database's reservations do.
      const known = counts ? await counts.peek(countKey(holder, period)).catch(() => null) : null;
      const used = known ?? (await countInPeriod(db, holder, at, period));
      return { used, limit: limitOf(planId), periodEnd: period.end.toISOString() };
    },

    /**
     * A team's plan, its period, and its generations this period per member and tool (the team page's
     * usage, for its owners and admins).
     */
    async teamUsage(organizationId: string) {
      const at = now();
      const { planId, period } = await teamPlanOf(db, organizationId, at);
      const rows = await db
        .select({
          userId: generationUsage.userId,
          tool: generationUsage.tool,
          count: sql<number>`count(*)::int`,
        })
        .from(generationUsage)
        .where(and(countedBy({ kind: 'team', organizationId }), countedInPeriod(at, period)))
        .groupBy(generationUsage.userId, generationUsage.tool);
      return { planId, limit: limitOf(planId), period, rows };
    },

    /** `usage` for several users at once (an admin's page of users): one count per distinct period. */
    async usageOfMany(userIds: readonly string[]): Promise<Map<string, GenerationUsage>> {
      const at = now();
      if (userIds.length === 0) return new Map();
      const states = await db
        .select({ userId: profile.userId, ...planStateColumns })
        .from(profile)
        .where(inArray(profile.userId, [...userIds]));
      const stateOf = new Map(states.map((state) => [state.userId, state]));
      const plans = new Map(userIds.map((id) => [id, planInForce(stateOf.get(id) ?? null, at)]));
      const byPeriod = new Map<string, { period: UsagePeriod; ids: string[] }>();
      for (const [id, { period }] of plans) {
        const key = `${period.start.toISOString()}/${period.end.toISOString()}`;
        const group = byPeriod.get(key) ?? { period, ids: [] };
        group.ids.push(id);
        byPeriod.set(key, group);
      }
      const counts = new Map<string, number>();
      for (const { period, ids } of byPeriod.values()) {
        const rows = await db
          .select({ userId: generationUsage.userId, count: sql<number>`count(*)::int` })
          .from(generationUsage)
          .where(
            and(
              inArray(generationUsage.userId, ids),
              isNull(generationUsage.organizationId),
              countedInPeriod(at, period),
            ),
          )
          .groupBy(generationUsage.userId);
        for (const row of rows) counts.set(row.userId, row.count);
      }
      return new Map(
        [...plans].map(([id, { planId, period }]) => [
          id,
          { used: counts.get(id) ?? 0, limit: limitOf(planId), periodEnd: period.end.toISOString() },
        ]),
      );
    },

    /**
     * Successful generations per UTC day and tool over the last `days` days (today included, `from` the
     * first day's start), oldest first; days and tools without any are absent. The admin's usage chart.
     */
    async dailyCounts(
      days: number,
    ): Promise<{ from: Date; rows: { date: string; tool: string; count: number }[] }> {
      const today = now();
      const from = new Date(
        Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1)),
      );
      const day = sql<string>`to_char(${generationUsage.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, tool: generationUsage.tool, count: sql<number>`count(*)::int` })
        .from(generationUsage)
        .where(and(eq(generationUsage.status, 'used'), gte(generationUsage.createdAt, from)))
        .groupBy(day, generationUsage.tool)
        .orderBy(day);
      return { from, rows };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
