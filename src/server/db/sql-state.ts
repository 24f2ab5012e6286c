/** The SQLSTATE of a database error, or of the driver's error Drizzle wrapped it in; null for none. */
export function sqlStateOf(err: unknown): string | null {
  const seen = new Set<unknown>();
  for (let current = err; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** A foreign key's row is gone (the chat deleted meanwhile). */
export const FOREIGN_KEY_VIOLATION = '23503';

/** A unique index already has the row (two requests made the same one at once). */
export const UNIQUE_VIOLATION = '23505';

/** The constraint a database error names (its own, or the driver's error Drizzle wrapped), or null. */
export function constraintOf(err: unknown): string | null {
  const seen = new Set<unknown>();
  for (let current = err; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string' && constraint !== '') return constraint;
  }
  return null;
}

/** A CHECK constraint (or a trigger raising as one) refused the row. */
export const CHECK_VIOLATION = '23514';
