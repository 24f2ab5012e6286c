import type { Redis } from 'ioredis';
import type { PlanCounts } from './plan-counts.ts';

const PREFIX = 'draftsmith:plan-count:';
/**
 * How long a count lives in Redis at most before it is read from the database again: a generation
 * admitted by an instance that crashed before giving it back stops counting then (as a reservation
 * row does after its TTL), and a count lost with Redis is rebuilt the same way.
 */
const REFRESH_MS = 10 * 60_000;

/**
 * Checks and takes one generation of a count in one step (KEYS[1] the count; ARGV: limit or -1, the
 * seed or '' and its lifetime in ms). -1: no count yet (read it from the database and call again with
 * it; if another instance has set one meanwhile, that one stands); 0: none left; 1: taken.
 */
const ADMIT = `
local used = redis.call('GET', KEYS[1])
if not used then
  if ARGV[2] == '' then return -1 end
  used = tonumber(ARGV[2])
  redis.call('SET', KEYS[1], used, 'PX', ARGV[3])
else
  used = tonumber(used)
end
local limit = tonumber(ARGV[1])
if limit >= 0 and used >= limit then return 0 end
redis.call('INCR', KEYS[1])
return 1`;

/** Gives one back, never below zero, and only to a count that still exists. */
const GIVE_BACK = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
if used > 0 then redis.call('DECR', KEYS[1]) end
return used`;

type PlanCountsRedis = Redis & {
  planCountAdmit(key: string, limit: number, seed: string, ttlMs: number): Promise<number>;
  planCountGiveBack(key: string): Promise<number>;
};

/**
 * The count of every instance in Redis (several instances on PostgreSQL): one script per admission
 * checks and adds atomically, seeded from the database when the key is missing and expiring at the
 * period's end (or sooner, REFRESH_MS). Rejects while Redis is down: the caller then counts in the
 * database, which stays exact on its own.
 */
export function redisPlanCounts(redis: Redis, now: () => number = Date.now): PlanCounts {
  const client = redis as PlanCountsRedis;
  if (typeof client.planCountAdmit !== 'function') {
    redis.defineCommand('planCountAdmit', { numberOfKeys: 1, lua: ADMIT });
    redis.defineCommand('planCountGiveBack', { numberOfKeys: 1, lua: GIVE_BACK });
  }
  const ready = () => {
    if (redis.status !== 'ready') throw new Error('Redis is not connected');
  };
  /** Counts that missed generations counted in the database meanwhile: deleted once Redis answers. */
  const stale = new Set<string>();
  const deleteStale = () => {
    for (const key of stale) {
      redis.del(PREFIX + key).then(
        () => stale.delete(key),
        () => {},
      );
    }
  };
  redis.on('ready', deleteStale);
  return {
    shared: true,
    async admit(key, limit, seed, expiresAt) {
      ready();
      const limitArg = limit ?? -1;
      const first = await client.planCountAdmit(PREFIX + key, limitArg, '', 0);
      if (first !== -1) return first === 1;
      const used = await seed();
      const ttlMs = Math.max(1_000, Math.min(expiresAt.getTime() - now(), REFRESH_MS));
      return (await client.planCountAdmit(PREFIX + key, limitArg, String(used), ttlMs)) === 1;
    },
    async giveBack(key) {
      ready();
      await client.planCountGiveBack(PREFIX + key);
    },
    written() {},
    forget(key) {
      stale.add(key);
      if (redis.status === 'ready') deleteStale();
    },
    async peek(key) {
      ready();
      const value = await redis.get(PREFIX + key);
      return value === null ? null : Number(value);
    },
  };
}
