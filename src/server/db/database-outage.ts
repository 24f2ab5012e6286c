import { AppError } from '#server/errors';
import { isSocketErrorCode } from '#server/socket-errors';

/** Seconds a client is told to wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATE classes and codes that mean the server cannot be used right now, not that the query is wrong:
 * 08 connection exceptions but 08P01 (a protocol violation: the client's fault, e.g. a query with more
 * than 65535 parameters, which no retry fixes), 57P01–57P03 (shut down by an administrator, crashed, not
 * yet accepting connections), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08(?!P01)[0-9A-Z]{3}|57P0[1-3]|53300)$/;

/** node-postgres's own words when a connection is lost or cannot be had (its errors carry no code). */
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * Whether an error, or any error it was caused by (Drizzle wraps the driver's), says the database
 * cannot be reached: a restart, a network failure, a server not yet up. A query that is wrong, or a
 * constraint it breaks, is not an outage.
 */
export function isDatabaseOutage(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current = err;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (isSocketErrorCode(code) || (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code))) return true;
    if (PG_CONNECTION_MESSAGE.test(current.message)) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseOutage)) return true;
    current = current.cause;
  }
  return false;
}

/** 503 `unavailable:database`: what a caller gets for a call that needs the database while it is down. */
export function databaseUnavailable(cause?: unknown): AppError {
  return new AppError(
    'unavailable:database',
    'The database cannot be reached right now. Please try again in a moment.',
    { cause, headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } },
  );
}
