import type { FastifyBaseLogger } from 'fastify';
import type { Redis, Result } from 'ioredis';
import { isConnectionError } from '#server/plugins/redis-fallback';
import type { InFlightStore } from './in-flight-generations.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    draftsmithInFlightAdd(key: string, id: string, max: number, leaseMs: number): Result<number, Context>;
    draftsmithInFlightRenew(key: string, id: string, leaseMs: number): Result<number, Context>;
  }
}

const KEY_PREFIX = 'draftsmith:in-flight:';

/** The sorted set of one user's running generations (ids, scored by the end of their lease). */
export const inFlightKey = (userId: string) => `${KEY_PREFIX}${userId}`;
/** A lease outlives a crashed instance by at most this long; running generations renew it. */
export const LEASE_MS = 30_000;

// Redis's clock, not the instances': leases from several machines compare on one clock.
const NOW = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

/** Drops expired leases, then adds this one unless the user is at the cap. 1 admitted, 0 at the cap. */
const ADD = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

/** Extends a lease that still exists (one that expired is not brought back). */
const RENEW = `${NOW}
if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

/**
 * One sorted set per user, `draftsmith:in-flight:<user id>`: members are generation ids, scores the
 * time their lease ends. Adding is one atomic script (expired leases dropped, cap checked, lease added),
 * so concurrent requests on any instance never exceed the cap, and a crashed instance's generations
 * stop counting once their leases end.
 */
export function createRedisInFlightStore(
  redis: Redis,
  log: FastifyBaseLogger,
  leaseMs = LEASE_MS,
): InFlightStore {
  if (typeof redis.draftsmithInFlightAdd !== 'function') {
    redis.defineCommand('draftsmithInFlightAdd', { numberOfKeys: 1, lua: ADD });
    redis.defineCommand('draftsmithInFlightRenew', { numberOfKeys: 1, lua: RENEW });
  }
  const renewals = new Map<string, NodeJS.Timeout>();
  return {
    async tryAdd(userId, id, max) {
      const added = (await redis.draftsmithInFlightAdd(inFlightKey(userId), id, max, leaseMs)) === 1;
      if (added) {
        const timer = setInterval(() => {
          redis.draftsmithInFlightRenew(inFlightKey(userId), id, leaseMs).catch((err: unknown) => {
            // An outage is logged once by the Redis plugin, not every few seconds per generation.
            if (!isConnectionError(err)) log.warn({ err }, 'could not renew an in-flight generation lease');
          });
        }, leaseMs / 3);
        timer.unref();
        renewals.set(id, timer);
      }
      return added;
    },
    async remove(userId, id) {
      clearInterval(renewals.get(id));
      renewals.delete(id);
      await redis.zrem(inFlightKey(userId), id);
    },
  };
}
