import { and, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { isUuid } from '#server/db/keyset-cursor';
import { likeLiteral } from '#server/db/like-literal';
import { history, invitation, member, organization, organizationPlan, user } from '#server/db/schema';
import { chatColumns, type HistoryRow } from '#server/history/chat-columns';
import type { AdminTeam } from '#shared/admin';
import type { PlanId } from '#shared/plans';
import type { TeamRole } from '#shared/teams';

/** The team a caller works in, proven by their membership (not by the token's claim alone). */
export interface Workspace {
  organizationId: string;
  name: string;
  slug: string;
  role: TeamRole;
  /** The team's plan id ('free' when it has none). */
  plan: string;
}

/** better-auth stores several roles as a comma-separated list; the strongest one counts here. */
export function strongestRole(stored: string): TeamRole {
  const roles = stored.split(',').map((role) => role.trim());
  if (roles.includes('owner')) return 'owner';
  if (roles.includes('admin')) return 'admin';
  return 'member';
}

/**
 * Teams (better-auth's organization plugin writes them; ADR 0026): who belongs to which team with which
 * role, a team's plan, and the chats shared with a team. Membership is read from the database on every
 * call that depends on it, so a removed member loses the team's plan and chats at once, on every
 * instance.
 */
export function createTeamsRepository(db: Db) {
  const teamColumns = {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    createdAt: organization.createdAt,
    plan: sql<string>`coalesce(${organizationPlan.subscription}, 'free')`,
    seats: organizationPlan.seats,
    subscribed: sql<boolean>`${organizationPlan.stripeSubscriptionId} is not null`,
  };

  /** Teams as an administrator sees them: with their member count and plan. */
  async function adminTeams(where: SQL | undefined): Promise<AdminTeam[]> {
    const members = db
      .select({ organizationId: member.organizationId, members: count().as('members') })
      .from(member)
      .groupBy(member.organizationId)
      .as('members');
    const rows = await db
      .select({ ...teamColumns, members: sql<number>`coalesce(${members.members}, 0)::int` })
      .from(organization)
      .leftJoin(organizationPlan, eq(organizationPlan.organizationId, organization.id))
      .leftJoin(members, eq(members.organizationId, organization.id))
      .where(where)
      .orderBy(desc(organization.createdAt))
      .limit(200);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }

  return {
    /** The caller's membership of the team, with the team and its plan; null when not a member. */
    async workspace(userId: string, organizationId: string): Promise<Workspace | null> {
      const [row] = await db
        .select({
          organizationId: organization.id,
          name: organization.name,
          slug: organization.slug,
          role: member.role,
          plan: sql<string>`coalesce(${organizationPlan.subscription}, 'free')`,
        })
        .from(member)
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .leftJoin(organizationPlan, eq(organizationPlan.organizationId, member.organizationId))
        .where(and(eq(member.userId, userId), eq(member.organizationId, organizationId)))
        .limit(1);
      return row ? { ...row, role: strongestRole(row.role) } : null;
    },

    /** The team's members with their names and addresses, owners first. */
    async members(organizationId: string) {
      const rows = await db
        .select({ userId: member.userId, role: member.role, name: user.name, email: user.email })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, organizationId))
        .orderBy(member.createdAt);
      const rank = { owner: 0, admin: 1, member: 2 } as const;
      return rows
        .map((row) => ({ ...row, role: strongestRole(row.role) }))
        .sort((a, b) => rank[a.role] - rank[b.role]);
    },

    /**
     * An invitation sent to the caller's address (whatever its status), with its team and who sent it;
     * undefined for an unknown id or another address's invitation.
     */
    async invitationFor(userId: string, id: string) {
      const invitee = alias(user, 'invitee');
      const inviter = alias(user, 'inviter');
      const [row] = await db
        .select({
          id: invitation.id,
          organizationId: invitation.organizationId,
          organizationName: organization.name,
          email: invitation.email,
          role: invitation.role,
          status: invitation.status,
          expiresAt: invitation.expiresAt,
          inviterName: inviter.name,
          inviterEmail: inviter.email,
        })
        .from(invitation)
        .innerJoin(invitee, sql`lower(${invitee.email}) = lower(${invitation.email})`)
        .innerJoin(organization, eq(organization.id, invitation.organizationId))
        .innerJoin(inviter, eq(inviter.id, invitation.inviterId))
        .where(and(eq(invitation.id, id), eq(invitee.id, userId)))
        .limit(1);
      return row;
    },

    /** Whether the team exists (a 404 apart from a 403 for one the caller is not in). */
    async exists(organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: organization.id })
        .from(organization)
        .where(eq(organization.id, organizationId));
      return row !== undefined;
    },

    /**
     * The chats shared with the team whose authors are still members, newest share first: a member who
     * left or was removed takes their chats out of the team's list with them.
     */
    async sharedChats(organizationId: string) {
      return db
        .select({
          id: history.id,
          title: history.title,
          service: history.service,
          createdAt: history.createdAt,
          sharedAt: history.organizationSharedAt,
          authorId: history.userId,
          authorName: user.name,
        })
        .from(history)
        .innerJoin(
          member,
          and(eq(member.organizationId, history.sharedOrganizationId), eq(member.userId, history.userId)),
        )
        .innerJoin(user, eq(user.id, history.userId))
        .where(and(eq(history.sharedOrganizationId, organizationId), isNotNull(history.organizationSharedAt)))
        .orderBy(desc(history.organizationSharedAt), desc(history.id))
        .limit(200);
    },

    /**
     * A chat another member shared with a team `readerId` belongs to (its author still a member too),
     * with its author's name; undefined otherwise, as for a chat that does not exist.
     */
    async teamChat(readerId: string, id: string): Promise<(HistoryRow & { authorName: string }) | undefined> {
      if (!isUuid(id)) return undefined;
      const reader = db
        .select({ organizationId: member.organizationId })
        .from(member)
        .where(eq(member.userId, readerId));
      const [row] = await db
        .select({ ...chatColumns, authorName: user.name })
        .from(history)
        .innerJoin(
          member,
          and(eq(member.organizationId, history.sharedOrganizationId), eq(member.userId, history.userId)),
        )
        .innerJoin(user, eq(user.id, history.userId))
        .where(and(eq(history.id, id), sql`${history.sharedOrganizationId} in (${reader})`))
        .limit(1);
      return row;
    },

    /** Shares the author's chat with the team (null: stops sharing it). Null when it is not theirs. */
    async setTeamShare(authorId: string, id: string, organizationId: string | null) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .update(history)
        .set({
          sharedOrganizationId: organizationId,
          organizationSharedAt: organizationId ? new Date() : null,
        })
        .where(and(eq(history.userId, authorId), eq(history.id, id)))
        .returning({ organizationId: history.sharedOrganizationId, sharedAt: history.organizationSharedAt });
      return row ?? null;
    },

    /** Every team, newest first (an administrator's list), `query` matching the name or slug. */
    async list(query?: string): Promise<AdminTeam[]> {
      const pattern = query ? `%${likeLiteral(query)}%` : null;
      return adminTeams(
        pattern ? or(ilike(organization.name, pattern), ilike(organization.slug, pattern)) : undefined,
      );
    },

    /** One team as an administrator sees it, or null. */
    async team(organizationId: string): Promise<AdminTeam | null> {
      const [team] = await adminTeams(eq(organization.id, organizationId));
      return team ?? null;
    },

    /** Sets the team's plan (an administrator's, so without a billing period); null when there is no such team. */
    async setPlan(organizationId: string, plan: PlanId, seats: number | null = null) {
      if (!(await this.exists(organizationId))) return null;
      await db
        .insert(organizationPlan)
        .values({ organizationId, subscription: plan, seats, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: organizationPlan.organizationId,
          set: {
            subscription: plan,
            seats,
            periodStart: null,
            periodEnd: null,
            cancelAtPeriodEnd: false,
            updatedAt: new Date(),
          },
        });
      return this.team(organizationId);
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
