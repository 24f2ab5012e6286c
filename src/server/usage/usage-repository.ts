import { and, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { generationUsage, profile } from '#server/db/schema';
import { monthlyGenerationLimit } from '#shared/plans';
import type { GenerationUsage } from '#shared/user';
import { generationsUsedUp } from './usage-errors.ts';
import { calendarMonthUtc } from './usage-period.ts';

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

/**
 * Generations counted against the user's plan (table `generation_usage`), apart from the chats so that
 * deleting history gives nothing back. A generation is reserved before the model is called, then
 * committed when it succeeded or released when it failed or was stopped before any output.
 */
export function createUsageRepository(db: Db, options: UsageRepositoryOptions) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
  const now = options.now ?? (() => new Date());
  const ttlMs = options.reservationTtlMs ?? DEFAULT_RESERVATION_TTL_MS;

  async function planOf(q: Db | Tx, userId: string): Promise<string> {
    const [row] = await q
      .select({ subscription: profile.subscription })
      .from(profile)
      .where(eq(profile.userId, userId));
    return row?.subscription ?? 'free';
  }

  /** Used generations of the period, and reservations young enough to still be running. */
  async function countInPeriod(q: Db | Tx, userId: string, at: Date): Promise<number> {
    const { start, end } = calendarMonthUtc(at);
    const liveSince = new Date(at.getTime() - ttlMs);
    const [row] = await q
      .select({ count: sql<number>`count(*)::int` })
      .from(generationUsage)
      .where(
        and(
          eq(generationUsage.userId, userId),
          gte(generationUsage.createdAt, start),
          lt(generationUsage.createdAt, end),
          or(eq(generationUsage.status, 'used'), gt(generationUsage.createdAt, liveSince)),
        ),
      );
    return row?.count ?? 0;
  }

  const limitOf = (planId: string) => monthlyGenerationLimit(planId, options.freeGenerationsPerMonth);

  return {
    /**
     * Reserves one generation of the user's plan for `generationId` (402 `payment_required:quota` when
     * none is left). The count and the insert run under a per-user lock held to the end of the
     * transaction, so concurrent calls of one user, on any instance, take turns and never pass the limit.
     */
    async reserve(userId: string, generationId: string, tool: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${USAGE_LOCK_SPACE}::int, hashtext(${userId}))`);
        const at = now();
        const planId = await planOf(tx, userId);
        const limit = limitOf(planId);
        if (limit !== null && (await countInPeriod(tx, userId, at)) >= limit) {
          throw generationsUsedUp(planId, limit);
        }
        await tx
          .insert(generationUsage)
          .values({ userId, generationId, tool, status: 'reserved', createdAt: at });
      });
    },

    /** The generation succeeded: its reservation counts for good. */
    async commit(generationId: string): Promise<void> {
      await db
        .update(generationUsage)
        .set({ status: 'used' })
        .where(eq(generationUsage.generationId, generationId));
    },

    /** The generation failed, was stopped before any output or never started: it gives its reservation back. */
    async release(generationId: string): Promise<void> {
      await db
        .delete(generationUsage)
        .where(and(eq(generationUsage.generationId, generationId), eq(generationUsage.status, 'reserved')));
    },

    /** The user's count this period under their current plan, as GET /api/users/:uid shows it. */
    async usage(userId: string): Promise<GenerationUsage> {
      const at = now();
      const [used, planId] = await Promise.all([countInPeriod(db, userId, at), planOf(db, userId)]);
      return { used, limit: limitOf(planId), periodEnd: calendarMonthUtc(at).end.toISOString() };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
