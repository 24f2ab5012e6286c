import type { TeamRole } from '#shared/teams';

export type { TeamRole };

/** The roles an invitation can give: ownership is handed over later, by changing a member's role. */
export const INVITE_ROLES: readonly TeamRole[] = ['member', 'admin'];

export const ROLE_LABELS: Record<TeamRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export const isTeamRole = (value: unknown): value is TeamRole =>
  typeof value === 'string' && Object.hasOwn(ROLE_LABELS, value);

/**
 * Owners and admins manage the team: members, invitations, usage (#shared/teams `canManageTeam`, whose
 * module loads zod, which the team pages do without).
 */
export const managesTeam = (role: string): boolean => role === 'owner' || role === 'admin';

/** The role's name for people; a role this app does not know stays as it is. */
export const roleLabel = (role: string): string => (isTeamRole(role) ? ROLE_LABELS[role] : role);

/** A team as better-auth's organization list returns it. */
export interface TeamSummary {
  id: string;
  name: string;
  slug: string;
}

export interface TeamMember {
  /** The membership's id (what role changes and removals name). */
  id: string;
  userId: string;
  role: string;
  name: string;
  email: string;
}

export interface TeamInvitation {
  id: string;
  email: string;
  role: string;
  status: string;
  expiresAt: Date;
}

/** get-full-organization: the team, its members and its invitations. */
export interface TeamDetails extends TeamSummary {
  members: TeamMember[];
  invitations: TeamInvitation[];
}
