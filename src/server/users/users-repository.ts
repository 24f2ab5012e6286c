import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { profile, user } from '#server/db/schema';
import { AppError } from '#server/errors';
import { keyFromUploadUrl, uploadUrl } from '#server/storage/file-storage';
import { type User, userWithFallbacks } from '#shared/user';
import { type AccountState, may } from './account-privileges.ts';

/**
 * Users as the API shows them (docs/product.md §3). Every method acts on the caller's own account: the caller's
 * id is the only key the queries take, so another user's row cannot be reached through here.
 */
export interface UserRow {
  id: string;
  email: string | null;
  name: string | null;
  image: string | null;
  subscription: string | null;
  role: string | null;
  banned: boolean | null;
  banExpires: Date | null;
  stripeSubscriptionId: string | null;
  cancelAtPeriodEnd: boolean | null;
  emailVerified: boolean | null;
}

/** A user as this repository reads it: the `admin` flag and billing always known. */
export type StoredUser = User & Required<Pick<User, 'admin' | 'billing' | 'emailVerified'>>;

function toUser({
  id,
  role,
  banned,
  banExpires,
  stripeSubscriptionId,
  cancelAtPeriodEnd,
  emailVerified,
  ...fields
}: UserRow): StoredUser {
  const state: AccountState = { role, banned, banExpires, emailVerified: emailVerified === true };
  return {
    ...userWithFallbacks({ uid: id, ...fields }),
    // What the web shows (the Admin link): the same answer the admin routes give (account-privileges.ts).
    admin: may(state, 'administer', { requireEmailVerification: false, now: new Date() }),
    billing: { managed: stripeSubscriptionId !== null, cancelAtPeriodEnd: cancelAtPeriodEnd === true },
    emailVerified: emailVerified === true,
  };
}

const columns = {
  id: user.id,
  email: user.email,
  name: user.name,
  image: user.image,
  subscription: profile.subscription,
  role: user.role,
  banned: user.banned,
  banExpires: user.banExpires,
  stripeSubscriptionId: profile.stripeSubscriptionId,
  cancelAtPeriodEnd: profile.cancelAtPeriodEnd,
  emailVerified: user.emailVerified,
};

/** 401: the caller's token is valid but the account behind it has been deleted. */
export const accountGone = () =>
  new AppError('unauthorized:user', 'This account no longer exists. Please sign in again.');

/** What an account's privileges depend on (account-privileges.ts); null when the account is gone. */
export async function readAccountState(db: Db, userId: string): Promise<AccountState | null> {
  const [row] = await db
    .select({
      role: user.role,
      banned: user.banned,
      banExpires: user.banExpires,
      emailVerified: user.emailVerified,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

export function createUsersRepository(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
  const selectOwn = async (q: Db | Tx, callerId: string) => {
    const [row] = await q
      .select(columns)
      .from(user)
      .leftJoin(profile, eq(profile.userId, user.id))
      .where(eq(user.id, callerId));
    return row ?? null;
  };

  return {
    /** The caller's user, or null when the account no longer exists. */
    async findOwn(callerId: string): Promise<StoredUser | null> {
      const row = await selectOwn(db, callerId);
      return row ? toUser(row) : null;
    },

    /** What the caller's privileges depend on (account-privileges.ts); null when the account is gone. */
    accountState: (callerId: string) => readAccountState(db, callerId),

    /**
     * Creates the caller's profile if it is missing (race-safe: insert … on conflict do nothing);
     * a username given on creation becomes the display name. Null when the account no longer exists.
     */
    async ensureProfile(
      callerId: string,
      username?: string,
    ): Promise<{ user: StoredUser; created: boolean } | null> {
      return db.transaction(async (tx) => {
        const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, callerId));
        if (!account) return null;
        const inserted = await tx
          .insert(profile)
          .values({ userId: callerId })
          .onConflictDoNothing()
          .returning({ userId: profile.userId });
        const created = inserted.length > 0;
        if (created && username) {
          await tx.update(user).set({ name: username, updatedAt: new Date() }).where(eq(user.id, callerId));
        }
        const row = await selectOwn(tx, callerId);
        return row ? { user: toUser(row), created } : null;
      });
    },

    /**
     * Makes the uploaded file `key` the caller's photo (user.image shows its URL). Returns the user and
     * the key of the photo uploaded before, the only file the caller may have deleted: never anything
     * read from user.image, which better-auth's update-user lets the user point anywhere.
     */
    async setPhoto(
      callerId: string,
      key: string,
    ): Promise<{ user: User; previousKey: string | null } | null> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ photoKey: user.photoKey })
          .from(user)
          .where(eq(user.id, callerId))
          .for('update');
        if (!before) return null;
        await tx
          .update(user)
          .set({ image: uploadUrl(key), photoKey: key, updatedAt: new Date() })
          .where(eq(user.id, callerId));
        const row = await selectOwn(tx, callerId);
        return row ? { user: toUser(row), previousKey: before.photoKey } : null;
      });
    },

    /**
     * Forgets the caller's uploaded photo once user.image no longer shows it (update-user removed or
     * replaced it) and returns its key, for the caller to delete the file; null when there is none or
     * it is still shown. Checked and cleared under the row's lock, so a concurrent upload's key (set
     * together with its image) is never taken for a hidden one.
     */
    async forgetHiddenPhoto(callerId: string): Promise<string | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ image: user.image, photoKey: user.photoKey })
          .from(user)
          .where(eq(user.id, callerId))
          .for('update');
        if (!row?.photoKey || keyFromUploadUrl(row.image) === row.photoKey) return null;
        await tx.update(user).set({ photoKey: null }).where(eq(user.id, callerId));
        return row.photoKey;
      });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
