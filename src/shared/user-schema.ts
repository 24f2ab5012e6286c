import { z } from 'zod';
import type { User } from './user.ts';

/** Response schema of the User entity (server side). */
export const userSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  subscription: z.string(),
}) satisfies z.ZodType<User>;
