/**
 * Node's error codes when a connection to another server could not be made or was lost: refused,
 * reset, timed out, broken pipe, a name that does not resolve, no route to the host or network. Shared
 * by the database (db/database-outage.ts) and Redis (plugins/redis-fallback.ts) outage checks.
 */
const SOCKET_ERROR_CODE =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)$/;

export function isSocketErrorCode(code: unknown): boolean {
  return typeof code === 'string' && SOCKET_ERROR_CODE.test(code);
}
