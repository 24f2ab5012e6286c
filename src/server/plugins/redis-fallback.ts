import type { Redis } from 'ioredis';
import { isSocketErrorCode } from '#server/socket-errors';

/** An object whose methods all return promises (a store of counts, leases or revocations). */
type AsyncMethods<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => Promise<R> : never;
};

/**
 * `shared` (kept in Redis, so every instance agrees) while Redis answers, else `local` (this instance
 * only): what one instance can do while Redis is down, and shared again as soon as it is back. A call
 * is not queued or held while Redis is unreachable: it goes to `local` at once. The outage itself is
 * logged once by the Redis plugin (plugins/redis.ts), not per call.
 */
export function preferRedis<T extends AsyncMethods<T>>(redis: Redis, shared: T, local: T): T {
  const either = {} as T;
  for (const name of Object.keys(local) as (keyof T)[]) {
    const viaLocal = local[name] as (...args: unknown[]) => Promise<unknown>;
    const viaRedis = shared[name] as (...args: unknown[]) => Promise<unknown>;
    either[name] = (async (...args: unknown[]) => {
      if (redis.status !== 'ready') return viaLocal.apply(local, args);
      try {
        return await viaRedis.apply(shared, args);
      } catch (err) {
        // A script error is a bug, not an outage: it must not be hidden behind the local count.
        if (redis.status === 'ready' && !isConnectionError(err)) throw err;
        return viaLocal.apply(local, args);
      }
    }) as T[keyof T];
  }
  return either;
}

/** ioredis's errors when a command could not reach Redis (closed, reset, timed out, not connected). */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (isSocketErrorCode((err as { code?: unknown }).code)) return true;
  return /Connection is closed|Stream isn't writeable|Reached the max retries per request limit|connect ETIMEDOUT|Command timed out/i.test(
    err.message,
  );
}
