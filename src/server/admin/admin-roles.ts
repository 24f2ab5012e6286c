import { and, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { ADMIN_ROLE, USER_ROLE } from '#server/config/admin-emails';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';

/**
 * Brings every account's role in line with ADMIN_EMAILS, at start-up: addresses added since the last
 * start become admins, removed ones stop being admins. Idempotent, so instances starting together
 * agree. New accounts get their role at sign-up (auth.ts).
 */
export async function syncAdminRoles(db: Db, adminEmails: readonly string[]): Promise<void> {
  const lowerEmail = sql`lower(${user.email})`;
  if (adminEmails.length > 0) {
    await db
      .update(user)
      .set({ role: ADMIN_ROLE })
      .where(and(inArray(lowerEmail, [...adminEmails]), or(isNull(user.role), ne(user.role, ADMIN_ROLE))));
  }
  const notListed = adminEmails.length > 0 ? notInArray(lowerEmail, [...adminEmails]) : undefined;
  await db
    .update(user)
    .set({ role: USER_ROLE })
    .where(and(eq(user.role, ADMIN_ROLE), notListed));
}
