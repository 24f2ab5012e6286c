import { and, eq, gt, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { createKeyedTurns } from '#server/db/keyed-turns';
import { generationUsage, member, organizationPlan, profile } from '#server/db/schema';
import { monthlyGenerationLimit } from '#shared/plans';
import type { GenerationUsage } from '#shared/user';
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
}

// First key of the per-user advisory locks ('usag'), apart from the history quota's and the migration lock.
const USAGE_LOCK_SPACE = 0x75736167;
const DEFAULT_RESERVATION_TTL_MS = 15 * 60_000;

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

  return {
    /**
     * Reserves one generation of the user's plan for `generationId` (402 `payment_required:quota` when
     * none is left). The count and the insert run under a per-user lock held to the end of the
     * transaction, so concurrent calls of one user, on any instance, take turns and never pass the limit;
     * within this process they wait for their turn before taking a connection (db/keyed-turns.ts).
     */
    async reserve(
      userId: string,
      generationId: string,
      tool: string,
      organizationId: string | null = null,
    ): Promise<void> {
      await inTurn(organizationId ? `team:${organizationId}` : userId, () =>
        reserveNow(userId, organizationId, generationId, tool),
      );
    },

    /** The generation succeeded: its reservation counts for good. */
    async commit(generationId: string): Promise<void> {
      await commitQuery.execute({ generationId });
    },

    /** The generation failed, was stopped before any output or never started: it gives its reservation back. */
    async release(generationId: string): Promise<void> {
      await db
        .delete(generationUsage)
        .where(and(eq(generationUsage.generationId, generationId), eq(generationUsage.status, 'reserved')));
    },

    /**
     * The count this period under the plan that counts the user's generations in `organizationId`'s
     * workspace (null: their own), as GET /api/users/:uid shows it.
     */
    async usage(userId: string, organizationId: string | null = null): Promise<GenerationUsage> {
      const at = now();
      const { holder, planId, period } = await holderOf(db, userId, organizationId, at);
      const used = await countInPeriod(db, holder, at, period);
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
