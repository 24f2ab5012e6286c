/**
 * The User entity as the API returns it (spec §3): `GET /api/users/:uid` → `{ user }`.
 * Kept free of zod so the first page view doesn't load it; the schema is in user-schema.ts.
 */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';
export const DEFAULT_DISPLAY_NAME = 'New User';

export interface User {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
  subscription: string;
}

export function isPremium(user: Pick<User, 'subscription'>): boolean {
  return user.subscription !== 'free';
}
