import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Db } from '#server/db/client';
import { retryPhrase } from '#server/errors';
import type { HistoryRepository } from '#server/history/history-repository';
import { type AttemptCounter, createAttemptCounter } from '#server/plugins/attempt-counter';
import type { FileStorage } from '#server/storage/file-storage';
import { privilegeRefusal } from '#server/users/account-privileges';
import { readAccountState } from '#server/users/users-repository';

/**
 * The product's rules on better-auth's organization endpoints (ADR 0026), where better-auth has none:
 * - sending an invitation is a privilege (account-privileges.ts `invite`: a verified address, an
 *   account not disabled), and a team sends at most INVITATIONS_PER_TEAM_A_DAY, an inviter at most
 *   INVITATIONS_PER_INVITER_A_DAY, counted on every instance (Redis) and given back when better-auth
 *   refuses the invitation;
 * - a member who leaves or is removed takes nothing of the team's with them: their copies of the team's
 *   chats go, with any public link to them (team content stays with the team).
 */
export const INVITATIONS_PER_TEAM_A_DAY = 50;
export const INVITATIONS_PER_INVITER_A_DAY = 20;
const DAY_MS = 24 * 60 * 60_000;

export interface TeamRulesDeps {
  db: Db;
  redis: Redis | null;
  history: HistoryRepository;
  fileStorage: FileStorage;
  log: FastifyBaseLogger;
  /**
   * A team's members changed (joined, left, removed, role, team deleted): whose plan counts a member's
   * generations may have changed with them (a team's seats, a membership).
   */
  membersChanged?: () => void;
}

type SessionUser = { session: { activeOrganizationId?: string | null }; user: { id: string } };

/** The paths a member leaves a team by, and where their user and team are in the answer. */
const DEPARTURES: Record<
  string,
  (answer: unknown) => { userId?: unknown; organizationId?: unknown } | undefined
> = {
  '/organization/remove-member': (answer) => (answer as { member?: { userId?: unknown } } | null)?.member,
  '/organization/leave': (answer) => answer as { userId?: unknown } | undefined,
};

/** better-auth's organization endpoints that change a team's members. */
const MEMBERSHIP_CHANGES = new Set([
  '/organization/accept-invitation',
  '/organization/add-member',
  '/organization/remove-member',
  '/organization/leave',
  '/organization/update-member-role',
  '/organization/delete',
]);

export function teamRulesPlugin({ db, redis, history, fileStorage, log, membersChanged }: TeamRulesDeps) {
  const counter: AttemptCounter = createAttemptCounter(redis);
  /** The counters an invitation took, per request, to give back if better-auth refuses it. */
  const counted = new WeakMap<object, string[]>();

  async function countInvitation(keys: { key: string; max: number; refusal: string }[]): Promise<string[]> {
    const taken: string[] = [];
    for (const { key, max, refusal } of keys) {
      const hit = await counter.hit(key, DAY_MS).catch((err: unknown) => {
        log.warn({ err }, 'invitation counter unavailable; invitation not counted');
        return null;
      });
      if (!hit) continue;
      taken.push(key);
      if (hit.count > max) {
        await Promise.all(taken.map((k) => counter.undo(k).catch(() => undefined)));
        throw new APIError(
          'TOO_MANY_REQUESTS',
          { code: 'INVITATIONS', message: `${refusal} Try again in ${retryPhrase(hit.ttlMs)}.` },
          { 'retry-after': String(Math.max(1, Math.ceil(hit.ttlMs / 1000))) },
        );
      }
    }
    return taken;
  }

  return {
    id: 'draftsmith-team-rules',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/organization/invite-member',
          handler: createAuthMiddleware(async (ctx) => {
            const found = (await getSessionFromCtx(ctx)) as SessionUser | null;
            if (!found) return; // better-auth answers 401
            const state = await readAccountState(db, found.user.id);
            const refusal = state
              ? privilegeRefusal(state, 'invite', { requireEmailVerification: true, now: new Date() })
              : null;
            if (refusal) {
              const [, code = 'forbidden'] = refusal.code.split(':');
              throw new APIError('FORBIDDEN', { code: code.toUpperCase(), message: refusal.message });
            }
            const body = ctx.body as { organizationId?: unknown } | undefined;
            const team =
              typeof body?.organizationId === 'string'
                ? body.organizationId
                : found.session.activeOrganizationId;
            if (!team) return; // better-auth answers that no team is chosen
            counted.set(
              ctx.context,
              await countInvitation([
                {
                  key: `invitations:team:${team}`,
                  max: INVITATIONS_PER_TEAM_A_DAY,
                  refusal: `This team has sent ${INVITATIONS_PER_TEAM_A_DAY} invitations today, the most a team may send in a day.`,
                },
                {
                  key: `invitations:inviter:${found.user.id}`,
                  max: INVITATIONS_PER_INVITER_A_DAY,
                  refusal: `You have sent ${INVITATIONS_PER_INVITER_A_DAY} invitations today, the most one person may send in a day.`,
                },
              ]),
            );
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => MEMBERSHIP_CHANGES.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if (!isAPIError(ctx.context.returned)) membersChanged?.();
          }),
        },
        {
          // An invitation better-auth refused (not a member's role, the address already in the team) is not counted.
          matcher: (ctx) => ctx.path === '/organization/invite-member',
          handler: createAuthMiddleware(async (ctx) => {
            const taken = counted.get(ctx.context);
            counted.delete(ctx.context);
            if (!taken || !isAPIError(ctx.context.returned)) return;
            await Promise.all(taken.map((key) => counter.undo(key).catch(() => undefined)));
          }),
        },
        {
          matcher: (ctx) => (ctx.path ?? '') in DEPARTURES,
          handler: createAuthMiddleware(async (ctx) => {
            if (isAPIError(ctx.context.returned)) return;
            const departed = DEPARTURES[ctx.path ?? '']?.(ctx.context.returned);
            const { userId, organizationId } = departed ?? {};
            if (typeof userId !== 'string' || typeof organizationId !== 'string') return;
            // The member has left either way: a failure here is logged, and their public links to the
            // copies answer 404 already (history/chat-shares.ts checks the membership).
            const fileKeys = await history.removeTeamCopies(userId, organizationId).catch((err: unknown) => {
              log.error(
                { err, userId, organizationId },
                "could not delete a departed member's copies of team chats",
              );
              return [] as string[];
            });
            for (const key of fileKeys) {
              await fileStorage.remove(key).catch((err: unknown) => {
                log.error({ err, key }, "could not remove a departed member's copy of a team document");
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
