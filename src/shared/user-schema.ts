import { z } from 'zod';
import { workspaceSchema } from './teams.ts';
import type { GenerationUsage, User } from './user.ts';

/** A user's generations this period (`limit` null = unlimited). */
export const generationUsageSchema = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(0).nullable(),
  periodEnd: z.iso.datetime(),
}) satisfies z.ZodType<GenerationUsage>;

/** Response schema of the User entity (server side). */
export const userSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  subscription: z.string(),
}) satisfies z.ZodType<User>;

/** The user as `GET /api/users/:uid` and `POST /api/users` return it: with this period's usage. */
export const userWithUsageSchema = userSchema.extend({
  usage: generationUsageSchema,
  admin: z.boolean(),
  billing: z.object({ managed: z.boolean(), cancelAtPeriodEnd: z.boolean() }),
  emailVerified: z.boolean(),
  workspace: workspaceSchema.nullable().meta({
    description:
      'The team the access token works in (the session’s active team, while the caller is a member), or ' +
      'null: the personal workspace. `usage` is then counted by the team’s plan when it has a paid one.',
  }),
}) satisfies z.ZodType<User>;
