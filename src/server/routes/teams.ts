import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/errors';
import { apiErrors } from '#server/openapi/route-responses';
import { currentWorkspace, requireMembership } from '#server/teams/team-access';
import { teamChatSchema, teamInvitationSchema, teamShareSchema, teamUsageSchema } from '#shared/teams';
import { isToolSlug, type ToolSlug } from '#shared/tools';

const orgParams = z.object({ id: z.string().min(1).max(200) });
const idParams = z.object({ id: z.string() });
const notFound = () => new AppError('not_found:history', 'No such history chat.');

type ToolCounts = Partial<Record<ToolSlug, number>>;
const add = (counts: ToolCounts, tool: string, n: number) => {
  if (isToolSlug(tool)) counts[tool] = (counts[tool] ?? 0) + n;
};

/**
 * Teams (ADR 0026) beside better-auth's own endpoints (/api/auth/organization/*, which create teams,
 * invite, accept, change roles, remove and leave): an invitation as its invitee sees it (with who sent
 * it), a team's usage for its owners and admins, the chats its members shared with it, and sharing a
 * chat with the caller's team.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const teams = app.teamsRepository;

  app.get(
    '/invitations/:id',
    {
      schema: {
        tags: ['teams'],
        summary: 'An invitation to the caller',
        description:
          'The invitation as the person it was sent to sees it: the team, the role, its status and expiry, and ' +
          'the name and address of who sent it (better-auth’s `get-invitation` names only the address, and ' +
          'answers pending invitations only). Whatever its status, so the page can say it was answered or ' +
          'expired; accepting and declining stay better-auth’s. 404 `not_found:invitation` for an unknown id ' +
          'or an invitation sent to another address.',
        params: orgParams,
        response: { 200: teamInvitationSchema, ...apiErrors(404) },
      },
    },
    async (request) => {
      const found = await teams.invitationFor(request.user.sub, request.params.id);
      if (!found)
        throw new AppError(
          'not_found:invitation',
          'No invitation with this link was sent to the address you are signed in with.',
        );
      return {
        id: found.id,
        organizationId: found.organizationId,
        organizationName: found.organizationName,
        email: found.email,
        role: found.role ?? 'member',
        status: found.status,
        expiresAt: found.expiresAt.toISOString(),
        inviter: { name: found.inviterName, email: found.inviterEmail },
      };
    },
  );

  app.get(
    '/organizations/:id/usage',
    {
      schema: {
        tags: ['teams'],
        summary: 'A team’s usage this period',
        description:
          'The team’s plan, its seats, and the generations its plan counted this period, per member and per ' +
          'tool. Owners and admins only: 403 `forbidden:organization` for a member or anyone outside the ' +
          'team, 404 `not_found:organization` for a team that does not exist.',
        params: orgParams,
        response: { 200: teamUsageSchema, ...apiErrors(403, 404) },
      },
    },
    async (request) => {
      const organizationId = request.params.id;
      await requireMembership(app, request.user, organizationId, { manage: true });
      const [usage, members, team] = await Promise.all([
        app.usageRepository.teamUsage(organizationId),
        teams.members(organizationId),
        teams.team(organizationId),
      ]);
      const tools: ToolCounts = {};
      const byMember = new Map<string, { used: number; tools: ToolCounts }>();
      for (const row of usage.rows) {
        add(tools, row.tool, row.count);
        const entry = byMember.get(row.userId) ?? { used: 0, tools: {} };
        entry.used += row.count;
        add(entry.tools, row.tool, row.count);
        byMember.set(row.userId, entry);
      }
      return {
        organizationId,
        plan: usage.planId,
        limit: usage.limit,
        periodStart: usage.period.start.toISOString(),
        periodEnd: usage.period.end.toISOString(),
        seats: team?.seats ?? members.length,
        used: usage.rows.reduce((sum, row) => sum + row.count, 0),
        subscribed: team?.subscribed ?? false,
        tools,
        // Former members' generations still count in `used` and `tools`; the table lists members.
        members: members.map((m) => ({
          userId: m.userId,
          name: m.name,
          email: m.email,
          role: m.role,
          used: byMember.get(m.userId)?.used ?? 0,
          tools: byMember.get(m.userId)?.tools ?? {},
        })),
      };
    },
  );

  app.get(
    '/organizations/:id/chats',
    {
      schema: {
        tags: ['teams'],
        summary: 'Chats shared with a team',
        description:
          'The chats the team’s members shared with it (newest share first, at most 200), for its members: ' +
          '403 `forbidden:organization` for anyone outside the team. A member who leaves or is removed takes ' +
          'their chats out of the list, and loses access to the others’ at once.',
        params: orgParams,
        response: { 200: z.object({ chats: z.array(teamChatSchema) }), ...apiErrors(403, 404) },
      },
    },
    async (request) => {
      await requireMembership(app, request.user, request.params.id);
      const rows = await teams.sharedChats(request.params.id);
      return {
        chats: rows.map((row) => ({
          _id: row.id,
          title: row.title,
          service: row.service,
          createdAt: row.createdAt.toISOString(),
          sharedAt: (row.sharedAt ?? row.createdAt).toISOString(),
          author: { uid: row.authorId, name: row.authorName },
        })),
      };
    },
  );

  app.post(
    '/history/:id/team-share',
    {
      schema: {
        tags: ['teams'],
        summary: 'Share a chat with your team',
        description:
          'Shares the caller’s chat with the team the access token works in (the session’s active team): ' +
          'its members read it, and a follow-up by one of them continues in their own copy. 409 ' +
          '`conflict:no_workspace` in the personal workspace; 404 for another user’s chat.',
        params: idParams,
        response: { 200: z.object({ teamShare: teamShareSchema }), ...apiErrors(404, 409) },
      },
    },
    async (request) => {
      // Another user's chat is 404 whatever the caller's workspace.
      if (!(await app.historyRepository.get(request.user.sub, request.params.id))) throw notFound();
      const workspace = await currentWorkspace(app, request.user);
      if (!workspace) {
        throw new AppError(
          'conflict:no_workspace',
          'Switch to a team’s workspace to share a chat with its members.',
        );
      }
      const shared = await teams.setTeamShare(request.user.sub, request.params.id, workspace.organizationId);
      if (!shared?.sharedAt) throw notFound();
      return {
        teamShare: {
          organizationId: workspace.organizationId,
          organizationName: workspace.name,
          sharedAt: shared.sharedAt.toISOString(),
        },
      };
    },
  );

  app.delete(
    '/history/:id/team-share',
    {
      schema: {
        tags: ['teams'],
        summary: 'Stop sharing a chat with the team',
        description:
          'The chat is private to its author again, at once; copies members made with their follow-ups stay ' +
          'theirs. 404 for another user’s chat.',
        params: idParams,
        response: { 200: z.object({ teamShare: z.null() }), ...apiErrors(404) },
      },
    },
    async (request) => {
      const unshared = await teams.setTeamShare(request.user.sub, request.params.id, null);
      if (!unshared) throw notFound();
      return { teamShare: null };
    },
  );
};
