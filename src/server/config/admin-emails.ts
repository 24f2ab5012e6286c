import { z } from 'zod';

/** better-auth admin plugin's role names (its defaults). */
export const ADMIN_ROLE = 'admin';
export const USER_ROLE = 'user';

/**
 * ADMIN_EMAILS: comma-separated e-mail addresses, compared in lower case. Their accounts are admins;
 * the list is the one source of the role (better-auth's set-role endpoint is not mounted).
 */
export const adminEmailsSetting = z
  .string()
  .optional()
  .transform((raw, ctx): string[] => {
    const entries = (raw ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean);
    const bad = entries.filter((entry) => !z.email().safeParse(entry).success);
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of e-mail addresses (not ${bad
          .slice(0, 3)
          .map((entry) => JSON.stringify(entry))
          .join(', ')})`,
      });
      return z.NEVER;
    }
    return [...new Set(entries)];
  });

/** The role an account with this e-mail address has under ADMIN_EMAILS. */
export function roleForEmail(adminEmails: readonly string[], email: string): string {
  return adminEmails.includes(email.trim().toLowerCase()) ? ADMIN_ROLE : USER_ROLE;
}
