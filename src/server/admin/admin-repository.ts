import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { ADMIN_ROLE } from '#server/config/admin-emails';
import type { Db } from '#server/db/client';
import type { KeysetCursor } from '#server/db/keyset-cursor';
import { likeLiteral } from '#server/db/like-literal';
import { profile, user } from '#server/db/schema';
import type { UsageRepository } from '#server/usage/usage-repository';
import type { AdminUser } from '#shared/admin';
import type { PlanId } from '#shared/plans';
import { userWithFallbacks } from '#shared/user';

const columns = {
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
  banned: user.banned,
  createdAt: user.createdAt,
  plan: profile.subscription,
};

type Row = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean | null;
  createdAt: Date;
  plan: string | null;
};

/** `text` for a LIKE pattern that matches it literally (PostgreSQL's default escape is the backslash). */

/**
 * Every account, as administrators see and change it (routes/admin.ts): the only repository that
 * reads across users, reached only through the admin scope.
 */
export function createAdminRepository(db: Db, usage: UsageRepository) {
  const selectUsers = () => db.select(columns).from(user).leftJoin(profile, eq(profile.userId, user.id));

  async function toAdminUsers(rows: readonly Row[]): Promise<AdminUser[]> {
    const usages = await usage.usageOfMany(rows.map((row) => row.id));
    return rows.map((row) => {
      const shown = userWithFallbacks({
        uid: row.id,
        email: row.email,
        name: row.name,
        subscription: row.plan,
      });
      const rowUsage = usages.get(row.id);
      if (!rowUsage) throw new Error(`no usage for ${row.id}`);
      return {
        uid: row.id,
        email: shown.email,
        displayName: shown.displayName,
        plan: shown.subscription,
        usage: rowUsage,
        createdAt: row.createdAt.toISOString(),
        status: row.banned ? 'disabled' : 'active',
        admin: row.role === ADMIN_ROLE,
      };
    });
  }

  return {
    /** Newest accounts first, `query` matching part of the name or e-mail address in any case. */
    async list(options: { query?: string; cursor: KeysetCursor | null; limit: number }) {
      const { query, cursor, limit } = options;
      const pattern = query ? `%${likeLiteral(query)}%` : null;
      const rows = await selectUsers()
        .where(
          and(
            pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined,
            cursor
              ? sql`(${user.createdAt}, ${user.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`
              : undefined,
          ),
        )
        .orderBy(desc(user.createdAt), desc(user.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        users: await toAdminUsers(page),
        next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null,
      };
    },

    async find(userId: string): Promise<AdminUser | null> {
      const [row] = await selectUsers().where(eq(user.id, userId));
      return row ? ((await toAdminUsers([row]))[0] ?? null) : null;
    },

    /** Puts the user on `plan` (creating the profile an account that never opened the app lacks). */
    async setPlan(userId: string, plan: PlanId): Promise<AdminUser | null> {
      const exists = await db.transaction(async (tx) => {
        const [account] = await tx
          .select({ id: user.id })
          .from(user)
          .where(eq(user.id, userId))
          .for('update');
        if (!account) return false;
        await tx
          .insert(profile)
          .values({ userId, subscription: plan })
          // The admin's plan, counted by calendar month: a Stripe period or cancellation no longer
          // applies to it (until the user's Stripe subscription next changes, ADR 0018).
          .onConflictDoUpdate({
            target: profile.userId,
            set: { subscription: plan, periodStart: null, periodEnd: null, cancelAtPeriodEnd: false },
          });
        return true;
      });
      return exists ? this.find(userId) : null;
    },

    /** How many accounts there are, how many are disabled, and how many are on each plan. */
    async accountCounts() {
      const plan = sql<string>`coalesce(${profile.subscription}, 'free')`;
      const rows = await db
        .select({
          plan,
          total: count(),
          disabled: sql<number>`count(*) filter (where ${user.banned})::int`,
        })
        .from(user)
        .leftJoin(profile, eq(profile.userId, user.id))
        .groupBy(plan);
      return {
        total: rows.reduce((sum, row) => sum + row.total, 0),
        disabled: rows.reduce((sum, row) => sum + row.disabled, 0),
        byPlan: Object.fromEntries(rows.map((row) => [row.plan, row.total])),
      };
    },
  };
}

export type AdminRepository = ReturnType<typeof createAdminRepository>;
