import type { BetterAuthPlugin, User } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client';
import { account, history, profile, user, verification } from '#server/db/schema';
import type { FileStorage } from '#server/storage/file-storage';
import { isFreshSession } from './credential-epochs.ts';

export interface AccountDeletionDeps {
  db: Db;
  fileStorage: FileStorage;
  log: FastifyBaseLogger;
}

/** What an account deletion leaves to do once its rows are gone. */
interface Leftovers {
  /** The uploaded photo and every chat's document, in FileStorage. */
  fileKeys: string[];
  /** The Stripe customer of a paid plan: kept at Stripe (billing history, invoices), only noted. */
  stripeCustomerId: string | null;
}

/** How recent the sign-in of an account without a password must be to delete it. */
const SOCIAL_DELETION_FRESH_MS = 24 * 60 * 60_000;

/** The message when an account with a password asks to be deleted without it. */
export const DELETE_PASSWORD_REQUIRED = 'Enter your password to delete your account.';

/**
 * Account deletion through better-auth's own `POST /api/auth/delete-user` (its request and reply, so
 * better-auth's client works): an account with a password must send it (better-auth alone would take
 * a fresh session instead), a social-only one needs a session signed in (or re-authenticated) within
 * a day, else 400 `bad_request:session_expired` and the user signs in with the provider again.
 *
 * better-auth deletes the sessions (their access tokens revoked by auth.ts's session hook), the
 * accounts and the user; the database cascades to the profile, the chats and the generation counts
 * (every table with a user id references `user.id` on delete cascade). The uploaded files are listed
 * before and removed after the rows are gone: a file that cannot be removed is logged, never blocks.
 */
export function accountDeletion({ db, fileStorage, log }: AccountDeletionDeps) {
  const pending = new Map<string, Leftovers>();

  async function leftoversOf(userId: string): Promise<Leftovers> {
    const [owner] = await db
      .select({ photoKey: user.photoKey, stripeCustomerId: profile.stripeCustomerId })
      .from(user)
      .leftJoin(profile, eq(profile.userId, user.id))
      .where(eq(user.id, userId));
    const documents = await db
      .select({ key: sql<string>`${history.file}->>'key'` })
      .from(history)
      .where(and(eq(history.userId, userId), isNotNull(history.file)));
    const fileKeys = [owner?.photoKey ?? null, ...documents.map((d) => d.key)].filter(
      (key): key is string => typeof key === 'string' && key !== '',
    );
    return { fileKeys, stripeCustomerId: owner?.stripeCustomerId ?? null };
  }

  async function removeFiles(userId: string, { fileKeys, stripeCustomerId }: Leftovers) {
    for (const key of fileKeys) {
      await fileStorage.remove(key).catch((err: unknown) => {
        log.error({ err, key, userId }, "could not remove a deleted account's file");
      });
    }
    if (stripeCustomerId) {
      log.info({ userId, stripeCustomerId }, 'account deleted; its Stripe customer is kept at Stripe');
    }
  }

  /** The password rule, before better-auth's endpoint runs. */
  const passwordRule = {
    id: 'draftsmith-account-deletion',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/delete-user',
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // better-auth answers 401
            const body = (ctx.body ?? {}) as { password?: unknown; token?: unknown };
            if (body.token !== undefined) throw APIError.fromStatus('BAD_REQUEST');
            if (typeof body.password === 'string' && body.password !== '') return;
            const [withPassword] = await db
              .select({ id: account.id })
              .from(account)
              .where(
                and(
                  eq(account.userId, session.user.id),
                  eq(account.providerId, 'credential'),
                  isNotNull(account.password),
                ),
              )
              .limit(1);
            if (withPassword) {
              throw new APIError('BAD_REQUEST', {
                code: 'PASSWORD_REQUIRED',
                message: DELETE_PASSWORD_REQUIRED,
              });
            }
            // No password to ask for: a sign-in (or re-authentication) of the last day stands for it.
            if (!isFreshSession(session.session, Date.now(), SOCIAL_DELETION_FRESH_MS)) {
              throw new APIError('BAD_REQUEST', {
                code: 'SESSION_EXPIRED',
                message:
                  'Sign in again with your provider (or confirm with a passkey), then delete the account.',
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return {
    /** better-auth's `user.deleteUser` options. */
    options: {
      enabled: true,
      beforeDelete: async (deleted: User) => {
        pending.set(deleted.id, await leftoversOf(deleted.id));
      },
      afterDelete: async (deleted: User) => {
        const leftovers = pending.get(deleted.id);
        pending.delete(deleted.id);
        // better-auth's verification rows name the user in their value (a reset token's, an OAuth link
        // state's) without a foreign key: they go too (user ids are long random strings, so no other row matches).
        await db.delete(verification).where(sql`${verification.value} like ${`%${deleted.id}%`}`);
        if (leftovers) await removeFiles(deleted.id, leftovers);
      },
    },
    plugin: passwordRule,
  };
}
