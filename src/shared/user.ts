// A type alone: erased from the build, so this file still loads no zod.
import type { Workspace } from './teams.ts';

/**
 * The User entity as the API returns it (docs/product.md §3): `GET /api/users/:uid` → `{ user }`.
 * Kept free of zod so the first page view doesn't load it; the schema is in user-schema.ts.
 */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';
export const DEFAULT_DISPLAY_NAME = 'New User';

/** A user's AI generations this period against their plan (docs/product.md §9). */
export interface GenerationUsage {
  used: number;
  /** Generations the plan includes per period; null means unlimited. */
  limit: number | null;
  /** When the count starts again (ISO 8601, UTC). */
  periodEnd: string;
}

export interface User {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
  subscription: string;
  /** Present in the API's replies; absent where the user is made from the session alone. */
  usage?: GenerationUsage;
  /** True for the server's administrators (ADMIN_EMAILS), who see /admin. Present in the API's replies. */
  admin?: boolean;
  /** Online billing, present in the API's replies. */
  billing?: UserBilling;
  /** The e-mail address was proven (its verification link, or the sign-in provider). Present in the API's replies. */
  emailVerified?: boolean;
  /** The team the access token works in (null: the personal workspace). Present in the API's replies. */
  workspace?: Workspace | null;
}

/** The user's subscription paid online (Stripe), as GET /api/users/:uid shows it. */
export interface UserBilling {
  /** The user has subscribed online (now or before): 'Manage subscription' opens the customer portal. */
  managed: boolean;
  /** The subscription was cancelled and ends at `usage.periodEnd`. */
  cancelAtPeriodEnd: boolean;
}

export function isPremium(user: Pick<User, 'subscription'>): boolean {
  return user.subscription !== 'free';
}

/** What an account record may hold; any of it may be missing. */
export interface AccountFields {
  uid: string;
  email?: string | null;
  name?: string | null;
  image?: string | null;
  subscription?: string | null;
}

/** docs/product.md §3 fallbacks: '' e-mail, 'New User', the default avatar, 'free'. Server and web both use it. */
export function userWithFallbacks(fields: AccountFields): User {
  return {
    uid: fields.uid,
    email: fields.email ?? '',
    displayName: fields.name?.trim() || DEFAULT_DISPLAY_NAME,
    photoURL: fields.image?.trim() || DEFAULT_AVATAR,
    subscription: fields.subscription ?? 'free',
  };
}
