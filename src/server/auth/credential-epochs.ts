import type { AuthContext } from 'better-auth';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { apikey, invitation, passkey, user } from '#server/db/schema';

/**
 * One credential epoch per account (ADR 0027, SECURITY.md "What ends a credential"). Every kind of
 * credential carries the epoch it was made under: a session the epoch its sign-in's proof began under,
 * an API key, a passkey or an invitation the epoch of the session that made it. It is valid while that
 * epoch is not behind the account's. Every event that should end credentials moves the account's epoch
 * on, so whatever was made before, or by a session that was already over (a race with the event), is
 * over too; what the event spares is moved on with it, in the same transaction where the database
 * allows. The rows ended are also deleted, so that lists show what works; the epoch is what holds when
 * a row escapes (a write in flight, a copy in Redis).
 *
 * A new credential type gets an epoch column (0 until stamped: never valid), a check where it is used,
 * and a line in WHAT_EACH_EVENT_ENDS, which TypeScript makes complete.
 */
export const CREDENTIAL_KINDS = ['sessions', 'apiKeys', 'passkeys', 'resetLinks', 'invitations'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

/**
 * The events that end credentials. Deleting an account deletes every credential row with it (foreign
 * keys), ending them all; leaving a team is not an account's event (teams/team-rules-plugin.ts).
 */
export const CREDENTIAL_EVENTS = [
  'password_reset',
  'password_changed',
  'signed_out_elsewhere',
  'signed_out_everywhere',
  'disabled',
] as const;
export type CredentialEvent = (typeof CREDENTIAL_EVENTS)[number];

/** `others`: every session but the one the event came from. */
export type Fate = 'ends' | 'stays' | 'others';

/**
 * What each event ends (SECURITY.md's table is checked against this record, credential-epochs.test.ts).
 * Access tokens end with the session they were minted for. Reset links end only on the recovery path and
 * with disabling: any other event can be set off by whoever holds a session (signing out others) or the
 * password (changing it), and must not cancel the owner's way back in. They live in better-auth's store
 * (Redis when there is one), where they cannot be listed: `user.reset_links_ended_at` ends them.
 */
export const WHAT_EACH_EVENT_ENDS: Record<CredentialEvent, Record<CredentialKind, Fate>> = {
  // The recovery path: whoever held the account may have added anything.
  password_reset: {
    sessions: 'ends',
    apiKeys: 'ends',
    passkeys: 'ends',
    resetLinks: 'ends',
    invitations: 'ends',
  },
  // The owner, proven by the old password, locks out whoever knew it.
  password_changed: {
    sessions: 'others',
    apiKeys: 'ends',
    passkeys: 'stays',
    resetLinks: 'stays',
    invitations: 'stays',
  },
  signed_out_elsewhere: {
    sessions: 'others',
    apiKeys: 'ends',
    passkeys: 'stays',
    resetLinks: 'stays',
    invitations: 'stays',
  },
  signed_out_everywhere: {
    sessions: 'ends',
    apiKeys: 'ends',
    passkeys: 'stays',
    resetLinks: 'stays',
    invitations: 'stays',
  },
  // An administrator's ban: nothing of the account works until it is enabled, and nothing old after.
  disabled: { sessions: 'ends', apiKeys: 'ends', passkeys: 'ends', resetLinks: 'ends', invitations: 'ends' },
};

/** What the epoch logic reads of a better-auth session. */
export interface EpochSession {
  createdAt: Date | string;
  credentialEpoch?: number | null;
  reauthenticatedAt?: Date | string | null;
}

/**
 * The epoch a session carries. A session better-auth kept in Redis before epochs existed has none: it
 * counts as the first, as migration 0010 stamped the database's copy.
 */
export function sessionEpoch(session: EpochSession): number {
  return typeof session.credentialEpoch === 'number' ? session.credentialEpoch : 1;
}

/** When the session last proved its owner: its sign-in, or a later re-authentication. */
export function lastProvenAt(session: EpochSession): number {
  const signedIn = new Date(session.createdAt).getTime();
  const again = session.reauthenticatedAt ? new Date(session.reauthenticatedAt).getTime() : 0;
  return Math.max(signedIn, again);
}

/** Whether the session proved its owner within the last `windowMs`. */
export function isFreshSession(session: EpochSession, nowMs: number, windowMs: number): boolean {
  return nowMs - lastProvenAt(session) < windowMs;
}

/** The account's epoch and when its reset links last ended; null when the account is gone. */
export async function accountEpoch(
  db: Db,
  userId: string,
): Promise<{ epoch: number; resetLinksEndedAt: Date | null } | null> {
  const [row] = await db
    .select({ epoch: user.credentialEpoch, resetLinksEndedAt: user.resetLinksEndedAt })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/** Whether a credential made under `credentialEpoch` still holds for an account at `accountEpoch`. */
export function epochHolds(credentialEpoch: number, current: number): boolean {
  return credentialEpoch >= current;
}

/** The credentials that carry an epoch column of their own (sessions keep theirs through better-auth). */
const STAMPED = {
  apiKeys: { table: apikey, id: apikey.id, owner: apikey.referenceId, epoch: apikey.credentialEpoch },
  passkeys: { table: passkey, id: passkey.id, owner: passkey.userId, epoch: passkey.credentialEpoch },
  invitations: {
    table: invitation,
    id: invitation.id,
    owner: invitation.inviterId,
    epoch: invitation.credentialEpoch,
  },
} as const;
export type StampedKind = keyof typeof STAMPED;

/**
 * Gives the credential `id` just made by a session the epoch that session carries (it was made with 0,
 * never valid, so a credential whose stamp is lost stays unusable rather than outliving an event).
 */
export async function stampCredential(db: Db, kind: StampedKind, id: string, epoch: number): Promise<void> {
  const { table, id: idColumn } = STAMPED[kind];
  await db.update(table).set({ credentialEpoch: epoch }).where(eq(idColumn, id));
}

type InternalAdapter = AuthContext['internalAdapter'];

/**
 * Ends what `event` ends of `userId`'s credentials (WHAT_EACH_EVENT_ENDS): the account's epoch moves on
 * and, in the same transaction, the API keys, passkeys and invitations it ends are deleted (pending
 * invitations cancelled) and those it spares moved on with it. Sessions go through better-auth (the
 * database and its secondary storage; their access tokens are revoked by auth.ts's session hook):
 * `keepSessionToken`, the session the event came from when it spares it, is moved on first, so that it
 * is never seen as over (unless it already was: then it stays over); every other session is deleted.
 * Returns the new epoch (null: no such account).
 */
export async function endCredentials(
  db: Db,
  internalAdapter: InternalAdapter,
  event: CredentialEvent,
  userId: string,
  { keepSessionToken }: { keepSessionToken?: string } = {},
): Promise<number | null> {
  const fate = WHAT_EACH_EVENT_ENDS[event];
  const keep = fate.sessions === 'others' ? keepSessionToken : undefined;
  const before = await accountEpoch(db, userId);
  if (!before) return null;
  // A session whose epoch is ahead of its account's still holds (epochHolds): moved on before the account,
  // and only if it holds now, so a session another event just ended is not brought back.
  const kept = keep ? await internalAdapter.findSession(keep) : null;
  const stays =
    keep && kept && epochHolds(sessionEpoch(kept.session as EpochSession), before.epoch) ? keep : undefined;
  if (stays) await internalAdapter.updateSession(stays, { credentialEpoch: before.epoch + 1 });
  const epoch = await db.transaction(async (tx) => {
    const [moved] = await tx
      .update(user)
      .set({
        credentialEpoch: sql`${user.credentialEpoch} + 1`,
        // The database's clock, one for every instance (reset links are compared with it, credential-plugin.ts).
        ...(fate.resetLinks === 'ends' ? { resetLinksEndedAt: sql`now()` } : {}),
      })
      .where(eq(user.id, userId))
      .returning({ epoch: user.credentialEpoch });
    if (!moved) return null;
    for (const kind of Object.keys(STAMPED) as StampedKind[]) {
      const { table, owner, epoch: epochColumn } = STAMPED[kind];
      const valid = and(eq(owner, userId), gte(epochColumn, moved.epoch - 1));
      if (fate[kind] === 'stays') {
        await tx.update(table).set({ credentialEpoch: moved.epoch }).where(valid);
      } else if (kind === 'invitations') {
        // Kept as the team's record of who was invited, no longer acceptable.
        await tx
          .update(invitation)
          .set({ status: 'canceled' })
          .where(and(eq(invitation.inviterId, userId), eq(invitation.status, 'pending')));
      } else {
        await tx.delete(table).where(eq(owner, userId));
      }
    }
    return moved.epoch;
  });
  // Another event moved the epoch on meanwhile: the kept session is over with it (signed in again, it is
  // as new); bringing it along could carry it past a reset that ended it.
  if (epoch === null) return null;
  if (!stays) {
    await internalAdapter.deleteUserSessions(userId);
  } else {
    for (const session of await internalAdapter.listSessions(userId)) {
      if (session.token !== stays) await internalAdapter.deleteSession(session.token);
    }
  }
  return epoch;
}
