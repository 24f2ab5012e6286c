import { z } from 'zod';
import { toolSlugSchema } from './history.ts';

/**
 * Teams (docs/product.md §3 Team, ADR 0026): better-auth organizations with a role per member, a plan
 * of their own, and chats their members share with them.
 */
export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** Who sees a team's usage and invites: its owners and admins. */
export const canManageTeam = (role: TeamRole): boolean => role === 'owner' || role === 'admin';

/** The workspace the caller's token works in (GET /api/users/:uid `workspace`; null: personal). */
export const workspaceSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(TEAM_ROLES),
  plan: z.string().meta({ description: 'The team’s plan id (`free` when it has none).' }),
});
export type Workspace = z.infer<typeof workspaceSchema>;

const toolCounts = z
  .partialRecord(toolSlugSchema, z.number().int())
  .meta({ description: 'Generations per tool slug (tools without any are absent).' });

/** GET /api/organizations/:id/usage: the team's plan this period, per member and per tool. */
export const teamUsageSchema = z.object({
  organizationId: z.string(),
  plan: z.string(),
  limit: z.number().int().nullable().meta({ description: 'Generations a period; null: unlimited.' }),
  periodStart: z.string(),
  periodEnd: z.string(),
  seats: z
    .number()
    .int()
    .meta({ description: 'Seats on the plan: those paid for, else the number of members.' }),
  used: z.number().int(),
  subscribed: z.boolean().meta({
    description:
      'The plan comes from a Stripe subscription, which the portal manages (not an administrator).',
  }),
  tools: toolCounts,
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(TEAM_ROLES),
      used: z.number().int(),
      tools: toolCounts,
    }),
  ),
});
export type TeamUsage = z.infer<typeof teamUsageSchema>;

/** A chat shared with a team, as its members list it (GET /api/organizations/:id/chats). */
export const teamChatSchema = z.object({
  _id: z.string(),
  title: z.string(),
  service: z.string(),
  createdAt: z.string(),
  sharedAt: z.string(),
  author: z.object({ uid: z.string(), name: z.string() }),
});
export type TeamChat = z.infer<typeof teamChatSchema>;

/** An invitation as the person it was sent to sees it (GET /api/invitations/:id). */
export const teamInvitationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  email: z.string().meta({ description: 'The address it was sent to: the caller’s.' }),
  role: z.string(),
  status: z.string().meta({ description: '`pending`, `accepted`, `rejected` or `canceled`.' }),
  expiresAt: z.string(),
  inviter: z.object({ name: z.string(), email: z.string() }).meta({
    description: 'Who sent it: their name and address.',
  }),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/** A chat's share with a team (POST /api/history/:id/team-share). */
export const teamShareSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  sharedAt: z.string(),
});

/** The web page that shows an invitation and accepts it (after sign-in or sign-up). */
export const ACCEPT_INVITATION_PAGE = '/accept-invitation';

/**
 * An invitation's link, as its mail carries it and its team page copies it. The invited address rides
 * along so that the page, before any sign-in, can name it and fill it into the sign-up form.
 */
export function invitationLink(origin: string, invitationId: string, email: string): string {
  return `${origin}${ACCEPT_INVITATION_PAGE}/${encodeURIComponent(invitationId)}?email=${encodeURIComponent(email)}`;
}
