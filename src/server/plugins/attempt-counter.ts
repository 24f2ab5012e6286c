import type { Redis } from 'ioredis';

/**
 * Fixed-window counters that can take a hit back: an attempt is counted before it runs (so a burst of
 * parallel attempts cannot slip past the limit) and refunded when it succeeds, so only failures stay
 * counted. In Redis when REDIS_URL is set (every instance shares them), in process memory otherwise.
 */
export interface WindowCount {
  count: number;
  /** Milliseconds until the window ends (0 when nothing is counted). */
  ttlMs: number;
}

export interface AttemptCounter {
  /** Counts one attempt under `key`; the window starts with the first attempt. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** Takes one attempt back (never below zero). */
  undo(key: string): Promise<void>;
  peek(key: string): Promise<WindowCount>;
}

const KEY_PREFIX = 'draftsmith:attempts:';

const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;

const UNDO_SCRIPT = `
local c = redis.call('DECR', KEYS[1])
if c <= 0 then redis.call('DEL', KEYS[1]) end
return c`;

type CounterCommands = Redis & {
  attemptHit(key: string, windowMs: number): Promise<[number, number]>;
  attemptUndo(key: string): Promise<number>;
};

function redisCounter(redis: Redis): AttemptCounter {
  const commands = redis as CounterCommands;
  if (typeof commands.attemptHit !== 'function') {
    redis.defineCommand('attemptHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('attemptUndo', { numberOfKeys: 1, lua: UNDO_SCRIPT });
  }
  return {
    async hit(key, windowMs) {
      const [count, ttl] = await commands.attemptHit(KEY_PREFIX + key, windowMs);
      return { count, ttlMs: Math.max(0, ttl) };
    },
    async undo(key) {
      await commands.attemptUndo(KEY_PREFIX + key);
    },
    async peek(key) {
      const [[, value], [, ttl]] = (await redis
        .multi()
        .get(KEY_PREFIX + key)
        .pttl(KEY_PREFIX + key)
        .exec()) as [[unknown, string | null], [unknown, number]];
      const count = Number(value ?? 0);
      return count > 0 ? { count, ttlMs: Math.max(0, ttl) } : { count: 0, ttlMs: 0 };
    },
  };
}

/** Oldest windows are dropped first past this many keys, so a flood of addresses cannot grow memory. */
const MEMORY_MAX_KEYS = 50_000;

function memoryCounter(now: () => number): AttemptCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      let entry = live(key);
      if (!entry) {
        if (windows.size >= MEMORY_MAX_KEYS) {
          const oldest = windows.keys().next().value;
          if (oldest !== undefined) windows.delete(oldest);
        }
        entry = { count: 0, resetAt: now() + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, ttlMs: entry.resetAt - now() };
    },
    async undo(key) {
      const entry = live(key);
      if (!entry) return;
      entry.count -= 1;
      if (entry.count <= 0) windows.delete(key);
    },
    async peek(key) {
      const entry = live(key);
      return entry ? { count: entry.count, ttlMs: entry.resetAt - now() } : { count: 0, ttlMs: 0 };
    },
  };
}

export function createAttemptCounter(redis: Redis | null, now: () => number = Date.now): AttemptCounter {
  return redis ? redisCounter(redis) : memoryCounter(now);
}
