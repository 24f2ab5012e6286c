import type { Redis } from 'ioredis';
import { preferRedis } from './redis-fallback.ts';

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
  /**
   * Books the next turn on a schedule where turns under `key` are `spacingMs` apart: resolves with how
   * long to wait until the turn ends (at least `spacingMs`), or, when the next free turn starts more
   * than `maxAheadMs` from now, with how long the schedule is busy (nothing is booked then).
   */
  bookTurn(
    key: string,
    spacingMs: number,
    maxAheadMs: number,
  ): Promise<{ waitMs: number } | { busyForMs: number }>;
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

// Redis TIME keeps every instance on one clock.
const BOOK_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local spacing = tonumber(ARGV[1])
local start = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0'))
if start - now > tonumber(ARGV[2]) then return {0, start - now} end
redis.call('SET', KEYS[1], start + spacing, 'PX', start + spacing - now)
return {1, start + spacing - now}`;

type CounterCommands = Redis & {
  attemptHit(key: string, windowMs: number): Promise<[number, number]>;
  attemptUndo(key: string): Promise<number>;
  attemptBook(key: string, spacingMs: number, maxAheadMs: number): Promise<[number, number]>;
};

function redisCounter(redis: Redis): AttemptCounter {
  const commands = redis as CounterCommands;
  if (typeof commands.attemptHit !== 'function') {
    redis.defineCommand('attemptHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('attemptUndo', { numberOfKeys: 1, lua: UNDO_SCRIPT });
    redis.defineCommand('attemptBook', { numberOfKeys: 1, lua: BOOK_SCRIPT });
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
    async bookTurn(key, spacingMs, maxAheadMs) {
      const [booked, ms] = await commands.attemptBook(KEY_PREFIX + key, spacingMs, maxAheadMs);
      return booked === 1 ? { waitMs: ms } : { busyForMs: ms };
    },
  };
}

/** Oldest windows are dropped first past this many keys, so a flood of addresses cannot grow memory. */
const MEMORY_MAX_KEYS = 50_000;

function memoryCounter(now: () => number): AttemptCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const turns = new Map<string, number>();
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
    async bookTurn(key, spacingMs, maxAheadMs) {
      const at = now();
      const start = Math.max(at, turns.get(key) ?? 0);
      if (start - at > maxAheadMs) return { busyForMs: start - at };
      if (turns.size >= MEMORY_MAX_KEYS) {
        for (const [k, end] of turns) if (end <= at) turns.delete(k);
        const oldest = turns.keys().next().value;
        if (turns.size >= MEMORY_MAX_KEYS && oldest !== undefined) turns.delete(oldest);
      }
      turns.delete(key); // re-inserted below, so the map stays in booking order
      turns.set(key, start + spacingMs);
      return { waitMs: start + spacingMs - at };
    },
  };
}

export function createAttemptCounter(redis: Redis | null, now: () => number = Date.now): AttemptCounter {
  // While Redis is down, this instance counts on its own (redis-fallback.ts).
  return redis ? preferRedis(redis, redisCounter(redis), memoryCounter(now)) : memoryCounter(now);
}
