import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAccountStatus } from '#server/admin/account-status';
import { createAdminRepository } from '#server/admin/admin-repository';
import { usageSummary } from '#server/admin/usage-summary';
import { decodeCursor, encodeCursor } from '#server/db/keyset-cursor';
import { AppError } from '#server/errors';
import { apiErrors } from '#server/openapi/route-responses';
import { requirePrivilege } from '#server/users/require-privilege';
import {
  ADMIN_USAGE_DAYS,
  ADMIN_USERS_PAGE_SIZE,
  adminTeamSchema,
  adminTeamsQuerySchema,
  adminUsageSchema,
  adminUserReplySchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  setPlanBodySchema,
} from '#shared/admin';

/** better-auth's user ids (and any id an import may have brought): letters, digits, '-' and '_'. */
const USER_ID = /^[\w-]{1,200}$/;
const isUserId = (id: string) => USER_ID.test(id);
const uidParams = z.object({ uid: z.string().regex(USER_ID, 'This is not a user id.') });
const noSuchUser = () => new AppError('not_found:user', 'No account has this id.');

/** Every admin route's first refusal, after the token's (the scope's hook below). */
const ADMIN_ONLY =
  '403 `forbidden:admin` for anyone but an administrator (ADMIN_EMAILS, with a verified address: else ' +
  '`forbidden:email_unverified`), checked in the database on every call.';

/**
 * The administrators' API (/api/admin/*), inside the protected scope: the caller is signed in, and this
 * scope's own hook answers 403 unless the caller is an admin (ADMIN_EMAILS) whose account is enabled,
 * checked in the database on every call so a removed admin loses access at once.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admins = createAdminRepository(app.database.db, app.usageRepository);
  const accounts = createAccountStatus(app.auth, app.database.db, app.accessTokens.revocations);

  // The admin role of a verified, enabled account, read from the database on every call (account-privileges.ts).
  app.addHook('onRequest', async (request) => requirePrivilege(app, request.user.sub, 'administer'));

  const found = async (uid: string) => {
    const user = await admins.find(uid);
    if (!user) throw noSuchUser();
    return { user };
  };

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first',
        description:
          '`query` matches part of the name or e-mail address in any case (`%` and `_` match themselves); ' +
          `20 a page (\`limit\` up to 100), \`nextCursor\` for the next. ${ADMIN_ONLY}`,
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema, ...apiErrors(400, 403) },
      },
    },
    async (request) => {
      const { query, cursor: rawCursor, limit } = request.query;
      const cursor = rawCursor ? decodeCursor(rawCursor, isUserId) : null;
      if (rawCursor && !cursor) throw new AppError('bad_request:cursor', 'The cursor is not valid.');
      const page = await admins.list({
        query: query || undefined,
        cursor,
        limit: limit ?? ADMIN_USERS_PAGE_SIZE,
      });
      return { users: page.users, nextCursor: page.next ? encodeCursor(page.next) : null };
    },
  );

  app.put(
    '/admin/users/:uid/plan',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set an account’s plan',
        description:
          'Creates the profile of an account that never opened the app. The plan is then counted by calendar ' +
          'month (a Stripe period no longer applies until its subscription next changes). 404 ' +
          `\`not_found:user\` for no such account. ${ADMIN_ONLY}`,
        params: uidParams,
        body: setPlanBodySchema,
        response: { 200: adminUserReplySchema, ...apiErrors(400, 403, 404) },
      },
    },
    async (request) => {
      const user = await admins.setPlan(request.params.uid, request.body.plan);
      if (!user) throw noSuchUser();
      app.plansChanged();
      request.log.info({ uid: user.uid, plan: user.plan, by: request.user.sub }, 'admin: plan set');
      return { user };
    },
  );

  app.post(
    '/admin/users/:uid/disable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Disable an account',
        description:
          'Every credential of the account ends, on every instance (sessions and the access tokens issued so ' +
          'far, API keys, passkeys, reset links, the invitations it sent): sign-in answers 403 ' +
          '`forbidden:banned_user`, a social sign-in returns to `/signin?error=BANNED_USER`, `POST /api/jwt` ' +
          'answers 403 `forbidden:disabled`, an API key 401 `unauthorized:disabled`, its public links 404. ' +
          '400 `bad_request:admin` for the caller’s own account, 404 `not_found:user` for no such account. ' +
          ADMIN_ONLY,
        params: uidParams,
        response: { 200: adminUserReplySchema, ...apiErrors(400, 403, 404) },
      },
    },
    async (request) => {
      const { uid } = request.params;
      if (uid === request.user.sub) {
        throw new AppError('bad_request:admin', 'You cannot disable your own account.');
      }
      await found(uid);
      await accounts.disable(uid);
      request.log.info({ uid, by: request.user.sub }, 'admin: account disabled');
      return found(uid);
    },
  );

  app.post(
    '/admin/users/:uid/enable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Enable a disabled account',
        description:
          'Gives back the sign-in (password, Google, GitHub), not the credentials that ended. 404 ' +
          `\`not_found:user\` for no such account. ${ADMIN_ONLY}`,
        params: uidParams,
        response: { 200: adminUserReplySchema, ...apiErrors(400, 403, 404) },
      },
    },
    async (request) => {
      const { uid } = request.params;
      await found(uid);
      await accounts.enable(uid);
      request.log.info({ uid, by: request.user.sub }, 'admin: account enabled');
      return found(uid);
    },
  );

  app.get(
    '/admin/organizations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Teams',
        description:
          'Every team, newest first (at most 200), `query` matching part of its name or slug in any case ' +
          `(\`%\` and \`_\` match themselves). ${ADMIN_ONLY}`,
        querystring: adminTeamsQuerySchema,
        response: { 200: z.object({ organizations: z.array(adminTeamSchema) }), ...apiErrors(400, 403) },
      },
    },
    async (request) => ({
      organizations: await app.teamsRepository.list(request.query.query || undefined),
    }),
  );

  app.put(
    '/admin/organizations/:id/plan',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set a team’s plan',
        description:
          'The plan that counts the team’s members’ generations while they work in the team’s workspace ' +
          '(`free`: none, their own plans apply). 404 `not_found:organization` for an unknown team. ' +
          ADMIN_ONLY,
        params: z.object({ id: z.string().min(1).max(200) }),
        body: setPlanBodySchema,
        response: { 200: z.object({ organization: adminTeamSchema }), ...apiErrors(400, 403, 404) },
      },
    },
    async (request) => {
      const organization = await app.teamsRepository.setPlan(request.params.id, request.body.plan);
      if (!organization) throw new AppError('not_found:organization', 'No team has this id.');
      app.plansChanged();
      request.log.info(
        { organizationId: organization.id, plan: organization.plan, by: request.user.sub },
        'admin: team plan set',
      );
      return { organization };
    },
  );

  const usageSchema = {
    tags: ['admin'],
    summary: 'Generations per tool per day, and accounts per plan',
    description: `Successful generations per tool per UTC day, the last 30 days. ${ADMIN_ONLY}`,
    response: { 200: adminUsageSchema, ...apiErrors(403) },
  };
  app.get('/admin/usage', { schema: usageSchema }, async () => {
    const [daily, accountCounts] = await Promise.all([
      app.usageRepository.dailyCounts(ADMIN_USAGE_DAYS),
      admins.accountCounts(),
    ]);
    return { ...usageSummary(daily.rows, daily.from, ADMIN_USAGE_DAYS), accounts: accountCounts };
  });
};
