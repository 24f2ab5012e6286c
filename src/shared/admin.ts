import { z } from 'zod';
import { PLAN_IDS, type PlanId } from './plans.ts';
import { TOOL_SLUGS } from './tools.ts';
import { generationUsageSchema } from './user-schema.ts';

/*
 * The admin API (/api/admin/*, docs/admin.md): what the server answers and the web's /admin page reads.
 * The admin page is loaded on its own, so zod here costs other pages nothing.
 */

/** Users on one page of GET /api/admin/users (and the most a caller may ask for with `limit`). */
export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_PAGE_MAX = 100;
/** Days GET /api/admin/usage covers, today (UTC) included. */
export const ADMIN_USAGE_DAYS = 30;

export const planIdSchema = z.enum(PLAN_IDS as [PlanId, ...PlanId[]], {
  error: `The plan must be one of: ${PLAN_IDS.join(', ')}.`,
});

export const accountStatusSchema = z.enum(['active', 'disabled']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** One account as an admin sees it. */
export const adminUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  /** The plan id (`free`, `starter`, `pro`, `enterprise`). */
  plan: z.string(),
  /** Generations this period against the plan, as the user sees them. */
  usage: generationUsageSchema,
  createdAt: z.iso.datetime(),
  status: accountStatusSchema,
  /** An administrator (ADMIN_EMAILS). */
  admin: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  /** Part of a name or e-mail address, any case. */
  query: z
    .string()
    .trim()
    .max(200, 'The search can be at most 200 characters.')
    .refine((text) => !/[\p{Cc}]/u.test(text), 'The search cannot contain control characters.')
    .optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_MAX).optional(),
});

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const setPlanBodySchema = z.object({ plan: planIdSchema });

export const adminUserReplySchema = z.object({ user: adminUserSchema });

/** A team as an administrator lists it (GET /api/admin/organizations). */
export const adminTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  members: z.number().int(),
  plan: planIdSchema.or(z.string()),
  seats: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Seats paid for; null: as many as it has members.' }),
  subscribed: z
    .boolean()
    .meta({ description: 'The plan comes from a Stripe subscription (not an administrator).' }),
});
export type AdminTeam = z.infer<typeof adminTeamSchema>;

export const adminTeamsQuerySchema = z.object({
  /** Part of a team's name or slug, any case. */
  query: adminUsersQuerySchema.shape.query,
});

const toolCountsSchema = z.record(z.enum(TOOL_SLUGS), z.number().int().min(0));

/** GET /api/admin/usage: successful generations per tool per day (UTC), oldest day first, and plan counts. */
export const adminUsageSchema = z.object({
  /** First and last day covered, YYYY-MM-DD (UTC). */
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      date: z.string(),
      counts: toolCountsSchema,
      total: z.number().int().min(0),
    }),
  ),
  totals: toolCountsSchema,
  total: z.number().int().min(0),
  /** Accounts on each plan, and how many are disabled. */
  accounts: z.object({
    total: z.number().int().min(0),
    disabled: z.number().int().min(0),
    byPlan: z.record(z.string(), z.number().int().min(0)),
  }),
});
export type AdminUsage = z.infer<typeof adminUsageSchema>;
