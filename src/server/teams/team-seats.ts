import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { CHECK_VIOLATION, constraintOf, sqlStateOf } from '#server/db/sql-state';
import { AppError } from '#server/errors';

/**
 * A team's seats (ADR 0026): a team with a live Stripe subscription has the seats it pays for, any other
 * 100. The rule lives in the database, as `team_seat_limit(organization_id)` (migration 0010), because
 * the database enforces it: the `member_seats` trigger counts a team's members and inserts the new one
 * under the team's row lock, so invitations accepted at the same moment on any number of instances
 * never pass the seats (a refused insert is the constraint `member_seats`).
 */
export const SEATS_CONSTRAINT = 'member_seats';

/** What a person is told when the team has no free seat (409 `conflict:seats_full`). */
export const SEATS_FULL_MESSAGE =
  'This team has no free seat. Ask the team’s owner to add seats, then accept the invitation again.';

/** The most members `organizationId` may have now. */
export async function teamSeatLimit(db: Db, organizationId: string): Promise<number> {
  const { rows } = await db.execute<{ seats: number }>(
    sql`select team_seat_limit(${organizationId}) as seats`,
  );
  return Number(rows[0]?.seats);
}

/**
 * better-auth's `membershipLimit`: its own check before an invitation is accepted, answered by the same
 * rule, so the usual refusal comes before any write (the trigger still decides under races).
 */
export function teamMembershipLimit(db: Db) {
  return (_user: unknown, team: { id: string }): Promise<number> => teamSeatLimit(db, team.id);
}

/** Whether `err` is the database refusing a member past the team's seats (the `member_seats` trigger). */
export function isSeatsViolation(err: unknown): boolean {
  return sqlStateOf(err) === CHECK_VIOLATION && constraintOf(err) === SEATS_CONSTRAINT;
}

/** better-auth's own refusal of an invitation past the seats (its `membershipLimit` check). */
const PLUGIN_LIMIT_CODE = 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED';

/**
 * 409 `conflict:seats_full` for an accept-invitation that found no free seat, whether better-auth's own
 * check said so (its 403) or the database refused the member under a race (`thrown`); else null.
 */
export async function seatsRefusal(response: Response | null, thrown: unknown): Promise<AppError | null> {
  const full = response
    ? response.status === 403 &&
      (await response
        .clone()
        .json()
        .then((body: unknown) => (body as { code?: unknown } | null)?.code === PLUGIN_LIMIT_CODE)
        .catch(() => false))
    : isSeatsViolation(thrown);
  return full ? new AppError('conflict:seats_full', SEATS_FULL_MESSAGE) : null;
}
