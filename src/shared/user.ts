import { z } from 'zod';

/** The User entity as the API returns it (spec §3): `GET /api/users/:uid` → `{ user }`. */
export const DEFAULT_AVATAR = '/images/default-avatar.svg';
export const DEFAULT_DISPLAY_NAME = 'New User';

export const userSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  subscription: z.string(),
});
export type User = z.infer<typeof userSchema>;

export function isPremium(user: Pick<User, 'subscription'>): boolean {
  return user.subscription !== 'free';
}
